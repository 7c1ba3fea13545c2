import {
  COMMAND_ACK_TIMEOUT_SECONDS,
  DEVICE_COMMAND_LIMIT,
  type DeviceCommand,
  type DeviceFeature,
  DeviceStatus,
  type PresetApplication,
  type PresetApplySource,
  type PresetDeviceState,
  ResultCode,
  supportsFeature,
} from '@vitrine/contract';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  type DeviceCommandRow,
  deviceCommands,
  devices,
  presetApplicationDevices,
  presetApplications,
  presets,
  type StoredPresetProperties,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import {
  type Claim,
  recordCommand,
  visibleDevices,
  writeDefaultProgram,
  writeLock,
  writeTimers,
} from '../device';
import { visiblePresets } from './presets';

// Applying device properties (docs/presets.md): through the device area's command path, so each
// screen gets ordinary commands (with the player's acknowledgements) for what it changes at once,
// and its timers, lock and default content with its state. Only online screens are controlled
// (spec 001 §4): an offline one is recorded as such and gets nothing; one whose player version
// lacks a property is recorded as unsupported and gets nothing either.

/** How many applications a preset's history shows. */
const RECENT_APPLICATIONS = 10;

/** A screen to apply properties to, read and locked by the caller. */
export type ApplyTarget = { id: number; status: number; systemVersion: string | null };

/** What applying did to one screen: nothing (offline, unsupported), or sent with these commands. */
export type Applied = { deviceId: number; state: 'sent' | 'offline' | 'unsupported'; commandIds: number[] };

/** The columns an ApplyTarget is read with. */
export const applyTargetColumns = {
  id: devices.id,
  status: devices.status,
  systemVersion: devices.systemVersion,
};

/** The commands properties send, in order: unmuting comes before a volume (none is set while muted). */
function commandsOf(properties: StoredPresetProperties): DeviceCommand[] {
  const commands: DeviceCommand[] = [];
  if (properties.brightness !== undefined)
    commands.push({ action: 'brightness', value: properties.brightness });
  if (properties.sound) {
    commands.push({ action: 'mute', value: properties.sound.mute });
    if (!properties.sound.mute && properties.sound.volume !== null) {
      commands.push({ action: 'volume', value: properties.sound.volume });
    }
  }
  if (properties.orientation !== undefined)
    commands.push({ action: 'orientation', value: properties.orientation });
  if (properties.timezone !== undefined) commands.push({ action: 'timezone', value: properties.timezone });
  if (properties.screenshot_interval !== undefined)
    commands.push({ action: 'screenshot-interval', value: properties.screenshot_interval });
  return commands;
}

/** The player features properties need (docs/device-features.md). */
function featuresOf(properties: StoredPresetProperties, commands: readonly DeviceCommand[]): DeviceFeature[] {
  const features: DeviceFeature[] = commands.map((command) => command.action);
  if (properties.timers) features.push('timers');
  if (properties.lock) features.push('lock');
  return features;
}

/**
 * Applies device properties to these screens inside the caller's transaction, as the command path
 * does: online screens whose player supports every property get the commands (recorded pending,
 * their settings saved, delivered at commit) and their timers, lock and default content (pushed
 * with their state); the others get nothing. The targets are the caller's to control (in scope,
 * locked). What presets and, later, control rules apply goes through here.
 */
export async function applyProperties(
  app: FastifyInstance,
  tx: Db,
  actorId: number | null,
  targets: readonly ApplyTarget[],
  properties: StoredPresetProperties,
): Promise<Applied[]> {
  const commands = commandsOf(properties);
  const features = featuresOf(properties, commands);
  const stateOf = (target: ApplyTarget): Applied['state'] => {
    if (target.status !== DeviceStatus.online) return 'offline';
    return features.every((feature) => supportsFeature(target.systemVersion, feature))
      ? 'sent'
      : 'unsupported';
  };
  const applied = targets.map((target) => ({
    deviceId: target.id,
    state: stateOf(target),
    commandIds: [] as number[],
  }));
  const controlled = applied.filter((entry) => entry.state === 'sent').map((entry) => entry.deviceId);
  const byDevice = new Map(applied.map((entry) => [entry.deviceId, entry]));
  for (const command of commands) {
    for (const row of await recordCommand(app, tx, actorId, controlled, command)) {
      byDevice.get(row.deviceId)?.commandIds.push(row.id);
    }
  }
  if (properties.timers) await writeTimers(tx, controlled, properties.timers);
  if (properties.lock) await writeLock(tx, controlled, properties.lock.locked ? properties.lock : null);
  if (properties.default_program) await writeDefaultProgram(tx, controlled, properties.default_program);
  return applied;
}

/** Records an application of a preset and each screen's part, inside the caller's transaction. */
async function recordApplication(
  tx: Db,
  presetId: number,
  source: PresetApplySource,
  actorId: number | null,
  applied: readonly Applied[],
): Promise<number> {
  const [application] = await tx
    .insert(presetApplications)
    .values({ presetId, source, createdBy: actorId })
    .returning({ id: presetApplications.id });
  if (applied.length > 0) {
    await tx.insert(presetApplicationDevices).values(
      applied.map((entry) => ({
        applicationId: application.id,
        deviceId: entry.deviceId,
        state: entry.state,
        commandIds: entry.commandIds,
      })),
    );
  }
  return application.id;
}

/** The preset's screens: of its workspace, and of its model when it has one. */
const ofPreset = (preset: { workspaceId: number; modelId: number | null }): SQL | undefined =>
  and(
    eq(devices.workspaceId, preset.workspaceId),
    preset.modelId === null ? undefined : eq(devices.modelId, preset.modelId),
  );

/**
 * POST preset/{id}/apply: at most DEVICE_COMMAND_LIMIT screens, every one in the caller's scope and
 * the preset's (its workspace, its model), else 404001 and nothing happens; one transaction.
 */
export async function applyPreset(
  app: FastifyInstance,
  scope: TenantScope,
  presetId: number,
  deviceIds: readonly number[],
): Promise<PresetApplication> {
  const unique = [...new Set(deviceIds)];
  if (unique.length > DEVICE_COMMAND_LIMIT) {
    throw new AppError(ResultCode.validation, 'device.limit', { limit: DEVICE_COMMAND_LIMIT });
  }
  const applicationId = await app.db.transaction(async (tx) => {
    const [preset] = await tx
      .select({
        id: presets.id,
        workspaceId: presets.workspaceId,
        modelId: presets.modelId,
        properties: presets.properties,
      })
      .from(presets)
      .where(and(eq(presets.id, presetId), visiblePresets(scope)))
      .for('share');
    if (!preset) throw notFound();
    const targets = await tx
      .select(applyTargetColumns)
      .from(devices)
      .where(and(inArray(devices.id, unique), visibleDevices(scope), ofPreset(preset)))
      .orderBy(devices.id)
      .for('update');
    if (targets.length !== unique.length) throw notFound();
    const applied = await applyProperties(app, tx, scope.user.userId, targets, preset.properties);
    return recordApplication(tx, preset.id, 'manual', scope.user.userId, applied);
  });
  const [application] = await applicationsOf(
    app.db,
    scope,
    presetId,
    eq(presetApplications.id, applicationId),
  );
  return application;
}

/**
 * A screen paired into a workspace gets its auto-apply presets (those of its model after those for
 * every screen, so the model's win), inside the claim's transaction.
 */
export async function applyOnPairing(app: FastifyInstance, tx: Db, claim: Claim): Promise<void> {
  const [device] = await tx
    .select({ ...applyTargetColumns, workspaceId: devices.workspaceId, modelId: devices.modelId })
    .from(devices)
    .where(eq(devices.id, claim.deviceId));
  if (!device?.workspaceId) return;
  const due = await tx
    .select({ id: presets.id, properties: presets.properties })
    .from(presets)
    .where(
      and(
        eq(presets.workspaceId, device.workspaceId),
        eq(presets.autoApply, true),
        device.modelId === null
          ? isNull(presets.modelId)
          : or(isNull(presets.modelId), eq(presets.modelId, device.modelId)),
      ),
    )
    .orderBy(sql`${presets.modelId} is not null`, presets.id);
  for (const preset of due) {
    const applied = await applyProperties(app, tx, claim.actorId, [device], preset.properties);
    await recordApplication(tx, preset.id, 'pairing', claim.actorId, applied);
  }
}

/** A screen's result now: its recorded state, or for one sent, what its commands' answers say. */
function stateNow(
  state: string,
  commandIds: readonly number[],
  commands: ReadonlyMap<number, DeviceCommandRow>,
  cutoff: Date,
): { state: PresetDeviceState; result: string | null } {
  if (state !== 'sent') return { state: state as PresetDeviceState, result: null };
  const answers = commandIds.flatMap((id) => commands.get(id) ?? []);
  const failed = answers.find((row) => row.status === 'failed');
  if (failed) return { state: 'failed', result: failed.result };
  const waiting = answers.filter((row) => row.status !== 'done');
  if (waiting.some((row) => row.status === 'timeout' || row.createdAt < cutoff)) {
    return { state: 'timeout', result: null };
  }
  if (answers.length > 0 && waiting.length === 0) return { state: 'acknowledged', result: null };
  return { state: 'sent', result: null };
}

/** A preset's applications, newest first, each screen's result as its commands' answers say now. */
async function applicationsOf(db: Db, scope: TenantScope, presetId: number, where?: SQL) {
  const applications = await db
    .select({
      id: presetApplications.id,
      source: presetApplications.source,
      createdAt: presetApplications.createdAt,
      createdByName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
    })
    .from(presetApplications)
    .leftJoin(users, eq(users.id, presetApplications.createdBy))
    .where(and(eq(presetApplications.presetId, presetId), where))
    .orderBy(desc(presetApplications.createdAt), desc(presetApplications.id))
    .limit(RECENT_APPLICATIONS);
  const ids = applications.map((application) => application.id);
  const parts =
    ids.length === 0
      ? []
      : await db
          .select({
            applicationId: presetApplicationDevices.applicationId,
            deviceId: presetApplicationDevices.deviceId,
            state: presetApplicationDevices.state,
            commandIds: presetApplicationDevices.commandIds,
            name: devices.name,
            signageId: devices.signageId,
          })
          .from(presetApplicationDevices)
          // Only screens still the caller's: one paired elsewhere since is not named.
          .innerJoin(devices, and(eq(devices.id, presetApplicationDevices.deviceId), visibleDevices(scope)))
          .where(inArray(presetApplicationDevices.applicationId, ids))
          .orderBy(devices.name, devices.id);
  const commandIds = parts.flatMap((part) => part.commandIds);
  const commands = new Map(
    (commandIds.length === 0
      ? []
      : await db.select().from(deviceCommands).where(inArray(deviceCommands.id, commandIds))
    ).map((row) => [row.id, row]),
  );
  const cutoff = new Date(Date.now() - COMMAND_ACK_TIMEOUT_SECONDS * 1000);
  return applications.map(
    (application): PresetApplication => ({
      id: application.id,
      source: application.source as PresetApplySource,
      created_by_name: application.createdByName,
      created_at: application.createdAt.toISOString(),
      devices: parts
        .filter((part) => part.applicationId === application.id)
        .map((part) => ({
          device_id: part.deviceId,
          device_name: part.name ?? part.signageId,
          signage_id: part.signageId,
          ...stateNow(part.state, part.commandIds, commands, cutoff),
        })),
    }),
  );
}

/** GET preset/{id}/apply: the latest applications of a preset the caller sees. */
export async function presetApplicationList(db: Db, scope: TenantScope, presetId: number) {
  const [preset] = await db
    .select({ id: presets.id })
    .from(presets)
    .where(and(eq(presets.id, presetId), visiblePresets(scope)));
  if (!preset) throw notFound();
  return { list: await applicationsOf(db, scope, presetId) };
}
