import { randomInt } from 'node:crypto';
import {
  COMMAND_ACK_TIMEOUT_SECONDS,
  type CommandStatus,
  DEVICE_COMMAND_LIMIT,
  DEVICE_PIN_TTL_SECONDS,
  type DeviceCommand,
  type DeviceCommandItem,
  DeviceStatus,
  type PlayerAckRequest,
  playerAckRequestSchema,
  ResultCode,
  type ServerMessage,
} from '@vitrine/contract';
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Device, type DeviceCommandRow, deviceCommands, devices } from '../../db/schema';
import { publish, publishDevicesChanged } from '../../platform/bus';
import { AppError, notFound } from '../../platform/errors';
import { notifyScreensTurned, publishManifestChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { refuseUnsupported } from './features';
import { removeScreenshot } from './screenshot';
import { visible } from './service';
import { mailPowerCommand } from './status-mail';

// Remote control (ARCHITECTURE §7): a command is a device_commands row (pending), the setting it
// changes is saved on the device in the same transaction, and a 'device-command' bus event lets
// the instance holding the device's socket send it. The player's ack settles the row; one never
// acknowledged reads as timed out after COMMAND_ACK_TIMEOUT_SECONDS.
//
// Unpair takes effect at once (not after the ack): the row goes back to an unclaimed screen with a
// new PIN, keeping its token and signage ID, so the player (pushed its new state) shows the PIN and
// can be added again. The lock, timers and screenshot of the old owner go with it.

/** How many commands the device page lists. */
const RECENT_COMMANDS = 20;

/** The device columns a setting command writes (the player applies them again after a restart). */
function settingOf(command: DeviceCommand): Partial<Device> | null {
  switch (command.action) {
    case 'volume':
      return { volume: command.value };
    case 'mute':
      return { mute: command.value };
    case 'brightness':
      return { brightness: command.value };
    case 'orientation':
      return { orientation: command.value };
    case 'timezone':
      return { timezone: command.value };
    case 'screenshot-interval':
      return { screenshotInterval: command.value };
    case 'screen-off':
      return { screenOn: false };
    case 'screen-on':
      return { screenOn: true };
    default:
      return null;
  }
}

const commandValue = (command: DeviceCommand) => ('value' in command ? command.value : null);

export const presentCommand = (row: DeviceCommandRow): DeviceCommandItem => ({
  command_id: row.id,
  device_id: row.deviceId,
  action: row.action,
  value: row.value ?? null,
  status: row.status as CommandStatus,
  result: row.result,
  created_at: row.createdAt.toISOString(),
  acked_at: row.ackedAt?.toISOString() ?? null,
});

/** The command a row holds, as the player receives it. */
export const commandOfRow = (row: DeviceCommandRow): DeviceCommand =>
  (row.value === null ? { action: row.action } : { action: row.action, value: row.value }) as DeviceCommand;

/** The socket message of a command still pending, or null when it was settled meanwhile. */
export async function commandMessage(db: Db, commandId: number): Promise<ServerMessage | null> {
  const [row] = await db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.id, commandId), eq(deviceCommands.status, 'pending')));
  return row ? { type: 'command', command_id: row.id, command: commandOfRow(row) } : null;
}

/**
 * The devices, locked, every one visible to the caller (404001 if not), refused unless all may
 * obey: their player versions support the command, they are online.
 */
async function obeying(tx: Db, scope: TenantScope, ids: readonly number[], command: DeviceCommand) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: devices.id,
      status: devices.status,
      mute: devices.mute,
      name: devices.name,
      signageId: devices.signageId,
      systemVersion: devices.systemVersion,
    })
    .from(devices)
    .where(and(inArray(devices.id, unique), visible(scope)))
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  // What the device cannot do at all comes before what it cannot do now.
  refuseUnsupported(rows, command.action);
  if (rows.some((row) => row.status !== DeviceStatus.online)) {
    throw new AppError(ResultCode.validation, unique.length === 1 ? 'device.offline' : 'device.onlyOnline');
  }
  if (command.action === 'volume' && rows.some((row) => row.mute)) {
    throw new AppError(ResultCode.validation, 'device.muted');
  }
  return unique;
}

/** Back to an unclaimed screen showing a new PIN (the unpair command). */
const unclaimed = (now: Date): Partial<Device> => ({
  companyId: null,
  workspaceId: null,
  name: null,
  description: null,
  status: DeviceStatus.unconfirmed,
  pin: String(randomInt(1_000_000)).padStart(6, '0'),
  pinExpiresAt: new Date(now.getTime() + DEVICE_PIN_TTL_SECONDS * 1000),
  claimedAt: null,
  lockPinSha256: null,
  lockSalt: null,
  timers: { enabled: false, timers: [] },
  timerOn: true,
  powerMailed: null,
  powerMailedAt: null,
  screenshotAt: null,
});

/**
 * Records the command for each of these devices inside the caller's transaction, saves what it
 * sets on them and announces it for delivery; the player's ack settles each row. The devices are
 * ones the caller has checked may obey (in scope, online, their player supporting it): the command
 * routes and presets send through here.
 */
export async function recordCommand(
  app: FastifyInstance,
  tx: Db,
  userId: number | null,
  targets: readonly number[],
  command: DeviceCommand,
): Promise<DeviceCommandRow[]> {
  if (targets.length === 0) return [];
  const inserted = await tx
    .insert(deviceCommands)
    .values(
      targets.map((deviceId) => ({
        deviceId,
        action: command.action,
        value: commandValue(command),
        createdBy: userId,
      })),
    )
    .returning();
  const now = new Date();
  const setting = command.action === 'unpair' ? unclaimed(now) : settingOf(command);
  if (setting) {
    if (setting.screenOn !== undefined) await mailPowerCommand(app, tx, targets, setting.screenOn, now);
    await tx
      .update(devices)
      .set({ ...setting, updatedAt: now })
      .where(inArray(devices.id, [...targets]));
    // Item schedules play on the screen's canvas: a turned screen gets its manifest anew.
    if (command.action === 'orientation') await notifyScreensTurned(tx, targets);
    // Schedules are read in the device's time zone: a new one changes its manifest.
    if (command.action === 'timezone') await publishManifestChanged(tx, targets);
  }
  for (const row of inserted) {
    await publish(tx, { type: 'device-command', deviceId: row.deviceId, commandId: row.id });
  }
  if (command.action === 'unpair') {
    await publishDevicesChanged(
      tx,
      inserted.map((row) => row.deviceId),
    );
  }
  return inserted;
}

/**
 * Commands a screen carried out by itself (a control rule it fired, docs/rules.md): recorded as
 * already answered, and what they set saved on the device, inside the caller's transaction (the
 * screen has it already: nothing is delivered).
 */
export async function recordPerformed(
  app: FastifyInstance,
  tx: Db,
  deviceId: number,
  commands: readonly DeviceCommand[],
  answer: { ok: boolean; result: string | null; at: Date },
): Promise<DeviceCommandRow[]> {
  if (commands.length === 0) return [];
  const rows = await tx
    .insert(deviceCommands)
    .values(
      commands.map((command) => ({
        deviceId,
        action: command.action,
        value: commandValue(command),
        status: answer.ok ? 'done' : 'failed',
        result: answer.result,
        createdAt: answer.at,
        ackedAt: new Date(),
      })),
    )
    .returning();
  if (!answer.ok) return rows;
  for (const command of commands) {
    const setting = settingOf(command);
    if (!setting) continue;
    if (setting.screenOn !== undefined) await mailPowerCommand(app, tx, [deviceId], setting.screenOn);
    await tx
      .update(devices)
      .set({ ...setting, updatedAt: new Date() })
      .where(eq(devices.id, deviceId));
  }
  return rows;
}

/** Checks the devices may obey, then records the command for each, in one transaction. */
async function issue(
  app: FastifyInstance,
  scope: TenantScope,
  userId: number,
  ids: readonly number[],
  command: DeviceCommand,
): Promise<DeviceCommandItem[]> {
  const rows = await app.db.transaction(async (tx) =>
    recordCommand(app, tx, userId, await obeying(tx, scope, ids, command), command),
  );
  if (command.action === 'unpair') {
    await Promise.all(rows.map((row) => removeScreenshot(app.storage, row.deviceId)));
  }
  return rows.map(presentCommand);
}

/** POST device/{device_id}/command. */
export async function commandDevice(
  app: FastifyInstance,
  scope: TenantScope,
  userId: number,
  deviceId: number,
  command: DeviceCommand,
): Promise<DeviceCommandItem> {
  const [item] = await issue(app, scope, userId, [deviceId], command);
  return item;
}

/** POST device/command: all or nothing, at most DEVICE_COMMAND_LIMIT devices. */
export async function commandDevices(
  app: FastifyInstance,
  scope: TenantScope,
  userId: number,
  ids: readonly number[],
  command: DeviceCommand,
): Promise<{ list: DeviceCommandItem[] }> {
  if (new Set(ids).size > DEVICE_COMMAND_LIMIT) {
    throw new AppError(ResultCode.validation, 'device.limit', { limit: DEVICE_COMMAND_LIMIT });
  }
  return { list: await issue(app, scope, userId, ids, command) };
}

/** The device's commands the caller may read: those since the device was claimed by its owner. */
async function commandsOf(db: Db, scope: TenantScope, deviceId: number, where?: SQL) {
  const [device] = await db
    .select({ claimedAt: devices.claimedAt })
    .from(devices)
    .where(and(eq(devices.id, deviceId), visible(scope)));
  if (!device) throw notFound();
  // Unacknowledged too long: timed out (saved, so every reader agrees).
  const cutoff = new Date(Date.now() - COMMAND_ACK_TIMEOUT_SECONDS * 1000);
  await db
    .update(deviceCommands)
    .set({ status: 'timeout' })
    .where(
      and(
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.status, 'pending'),
        lt(deviceCommands.createdAt, cutoff),
      ),
    );
  return db
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceId, deviceId),
        // A previous owner's commands stay theirs.
        device.claimedAt ? gte(deviceCommands.createdAt, device.claimedAt) : undefined,
        where,
      ),
    )
    .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.id))
    .limit(RECENT_COMMANDS);
}

/** GET device/{device_id}/command/{command_id}. */
export async function deviceCommand(
  db: Db,
  scope: TenantScope,
  deviceId: number,
  commandId: number,
): Promise<DeviceCommandItem> {
  const [row] = await commandsOf(db, scope, deviceId, eq(deviceCommands.id, commandId));
  if (!row) throw notFound();
  return presentCommand(row);
}

/** GET device/{device_id}/command: the latest ones, newest first. */
export async function recentCommands(db: Db, scope: TenantScope, deviceId: number) {
  return { list: (await commandsOf(db, scope, deviceId)).map(presentCommand) };
}

/** The socket's ack message; POST player/ack carries the same fields. */
export const ackSchema = playerAckRequestSchema.extend({ type: z.literal('ack') });

/** The commands still waiting for a device's answer, oldest first (what a poll hands over). */
export async function pendingCommands(db: Db, deviceId: number) {
  const cutoff = new Date(Date.now() - COMMAND_ACK_TIMEOUT_SECONDS * 1000);
  const rows = await db
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.status, 'pending'),
        gte(deviceCommands.createdAt, cutoff),
      ),
    )
    .orderBy(deviceCommands.id);
  return rows.map((row) => ({ command_id: row.id, command: commandOfRow(row) }));
}

/** The player's answer to one of its own pending commands; anything else is ignored. */
export async function acknowledge(db: Db, deviceId: number, ack: PlayerAckRequest) {
  await db
    .update(deviceCommands)
    .set({ status: ack.ok ? 'done' : 'failed', result: ack.result ?? null, ackedAt: new Date() })
    .where(
      and(
        eq(deviceCommands.id, ack.command_id),
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.status, 'pending'),
      ),
    );
}
