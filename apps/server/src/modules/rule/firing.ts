import {
  AccountStatus,
  COMMAND_ACK_TIMEOUT_SECONDS,
  DEVICE_STATUS_MAIL_MINUTES,
  type DeviceCommand,
  DeviceStatus,
  type ListResult,
  type ProgramRef,
  type RuleAction,
  type RuleEvent,
  type RuleFiring,
  type RuleFiringState,
  type ruleFiringListQuerySchema,
  type ruleFiringsRequestSchema,
  supportsFeature,
} from '@vitrine/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deviceCommands, devices, ruleDevices, ruleFirings, rules, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { recordCommand, recordPerformed, statusMail, visibleDevices, writeDefaultProgram } from '../device';
import { visibleRules } from './rules';

// Rules firing (docs/rules.md). Time and sensor rules fire on the screen, which does its part
// (power, brightness, volume, restart) by itself, offline too, and reports each firing
// (POST player/rule-firings, sent again until taken, stored once by its UUID, and a time rule's
// once per due time); the server then does the rest (switch content, screenshot, mail) and saves
// what the screen set. Device events (offline, online, content error) come from the device area
// and run here on the job table, once across instances, through the command path: only online
// screens are controlled (spec 001 §4), an offline one is logged as such and gets nothing. Each
// firing is logged with its result.

const JOB = 'rule-fire';
type Payload = { ruleId: number; deviceId: number; event: RuleEvent; at: string };

declare module '../../platform/jobs' {
  interface JobPayloads {
    [JOB]: Payload;
  }
}

/** An event rule fires at most once per screen within this (a screen reporting errors in a burst). */
const QUIET_MS = 60_000;
/** A rule mails about a screen at most once in this window, like the device-status mails. */
const MAIL_WINDOW_MS = DEVICE_STATUS_MAIL_MINUTES * 60_000;

/** The device commands of a rule's actions, in order. */
function commandsOf(actions: readonly RuleAction[]): DeviceCommand[] {
  return actions.flatMap((action): DeviceCommand[] => {
    switch (action.action) {
      case 'power-on':
        return [{ action: 'screen-on' }];
      case 'power-off':
        return [{ action: 'screen-off' }];
      case 'brightness':
      case 'volume':
        return [{ action: action.action, value: action.value }];
      case 'screenshot':
        return [{ action: 'screenshot' }];
      case 'restart':
        return [{ action: 'reboot' }];
      default:
        return [];
    }
  });
}

/** The actions a screen leaves to the server: switching content, a screenshot (and the mail). */
const serverPart = (actions: readonly RuleAction[]) =>
  actions.filter((action) => action.action === 'switch-content' || action.action === 'screenshot');

const switchTo = (actions: readonly RuleAction[]): ProgramRef | null => {
  const found = actions.find((action) => action.action === 'switch-content');
  return found?.action === 'switch-content' ? found.program : null;
};

type Target = { id: number; status: number; systemVersion: string | null };
type Outcome = { state: RuleFiringState; commandIds: number[] };

/** Sends a rule's commands and content to one screen through the command path, if it may obey. */
async function runOnScreen(
  app: FastifyInstance,
  tx: Db,
  target: Target,
  actions: readonly RuleAction[],
): Promise<Outcome> {
  const commands = commandsOf(actions);
  const program = switchTo(actions);
  if (commands.length === 0 && !program) return { state: 'done', commandIds: [] };
  if (target.status !== DeviceStatus.online) return { state: 'offline', commandIds: [] };
  if (!commands.every((command) => supportsFeature(target.systemVersion, command.action))) {
    return { state: 'unsupported', commandIds: [] };
  }
  const commandIds: number[] = [];
  for (const command of commands) {
    for (const row of await recordCommand(app, tx, null, [target.id], command)) commandIds.push(row.id);
  }
  if (program) await writeDefaultProgram(tx, [target.id], program);
  return { state: commandIds.length > 0 ? 'sent' : 'done', commandIds };
}

type FiringRule = { id: number; name: string; actions: RuleAction[] };
type FiringDevice = { id: number; companyId: number | null; name: string | null; signageId: string };

/** Whether the rule fired on the screen (and mailed, when asked) since then. */
async function firedSince(tx: Db, ruleId: number, deviceId: number, since: Date, mailed: boolean) {
  const [found] = await tx
    .select({ id: ruleFirings.id })
    .from(ruleFirings)
    .where(
      and(
        eq(ruleFirings.ruleId, ruleId),
        eq(ruleFirings.deviceId, deviceId),
        gte(ruleFirings.firedAt, since),
        mailed ? eq(ruleFirings.mailed, true) : undefined,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The rule's mail about this screen, unless it mailed about it within MAIL_WINDOW_MS. */
async function mailOf(
  app: FastifyInstance,
  tx: Db,
  rule: FiringRule,
  device: FiringDevice,
  event: RuleEvent | null,
  at: Date,
): Promise<boolean> {
  const mail = rule.actions.find((action) => action.action === 'mail');
  if (mail?.action !== 'mail' || device.companyId === null) return false;
  if (await firedSince(tx, rule.id, device.id, new Date(at.getTime() - MAIL_WINDOW_MS), true)) return false;
  const recipients = await tx
    .select()
    .from(users)
    .where(
      and(
        inArray(users.id, mail.user_ids),
        eq(users.companyId, device.companyId),
        eq(users.status, AccountStatus.active),
      ),
    );
  for (const user of recipients) {
    const status = (words: Record<RuleEvent, string>) => (event ? words[event] : rule.name);
    await app.mail.enqueue(statusMail(app, user, device, status, at), tx);
  }
  return recipients.length > 0;
}

const deviceColumns = {
  id: devices.id,
  status: devices.status,
  systemVersion: devices.systemVersion,
  companyId: devices.companyId,
  name: devices.name,
  signageId: devices.signageId,
};

/** The rule and the screen, locked, when the rule acts on the screen in the screen's company. */
async function ruleOnScreen(tx: Db, ruleId: number, deviceId: number) {
  const [rule] = await tx
    .select({
      id: rules.id,
      name: rules.name,
      enabled: rules.enabled,
      trigger: rules.trigger,
      actions: rules.actions,
      companyId: rules.companyId,
    })
    .from(rules)
    .innerJoin(ruleDevices, and(eq(ruleDevices.ruleId, rules.id), eq(ruleDevices.deviceId, deviceId)))
    .where(eq(rules.id, ruleId))
    .for('share', { of: rules });
  if (!rule) return null;
  const [device] = await tx
    .select(deviceColumns)
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.companyId, rule.companyId)))
    .for('update');
  return device ? { rule, device } : null;
}

/** A device event's listener: queues a job per enabled rule of that event on each screen. */
export async function queueEventFirings(
  app: FastifyInstance,
  event: RuleEvent,
  ids: readonly number[],
  at: Date,
) {
  const due = await app.db
    .select({ ruleId: rules.id, deviceId: ruleDevices.deviceId })
    .from(ruleDevices)
    .innerJoin(rules, eq(rules.id, ruleDevices.ruleId))
    .innerJoin(devices, and(eq(devices.id, ruleDevices.deviceId), eq(devices.companyId, rules.companyId)))
    .where(
      and(
        inArray(ruleDevices.deviceId, [...ids]),
        eq(rules.enabled, true),
        sql`${rules.trigger}->>'kind' = 'event'`,
        sql`${rules.trigger}->>'event' = ${event}`,
      ),
    );
  for (const pair of due) await app.jobs.enqueue(JOB, { ...pair, event, at: at.toISOString() });
}

/** The job: an event rule fires on a screen, in one transaction, and is logged. */
async function fireOnServer(app: FastifyInstance, payload: Payload) {
  const at = new Date(payload.at);
  await app.db.transaction(async (tx) => {
    const found = await ruleOnScreen(tx, payload.ruleId, payload.deviceId);
    if (!found?.rule.enabled) return;
    const { rule, device } = found;
    if (rule.trigger.kind !== 'event' || rule.trigger.event !== payload.event) return;
    if (await firedSince(tx, rule.id, device.id, new Date(at.getTime() - QUIET_MS), false)) return;
    const outcome = await runOnScreen(app, tx, device, rule.actions);
    const mailed = await mailOf(app, tx, rule, device, payload.event, at);
    await tx.insert(ruleFirings).values({
      ruleId: rule.id,
      deviceId: device.id,
      source: 'server',
      state: outcome.state,
      commandIds: outcome.commandIds,
      mailed,
      firedAt: at,
    });
  });
}

/** What the screen did itself, as device commands (the screen's actions of docs/rules.md). */
const performedOf = (actions: readonly RuleAction[]) =>
  commandsOf(
    actions.filter((action) => action.action !== 'screenshot' && action.action !== 'switch-content'),
  );

type ScreenFiring = z.output<typeof ruleFiringsRequestSchema>['firings'][number];

/**
 * POST player/rule-firings: each firing of a rule that acts on this screen (of its company) is
 * stored once by its UUID, and a time rule's once per due time (a screen that reported one
 * occurrence twice), with what the screen set saved, and the server's part done; one transaction
 * each. Every UUID is taken (one of a rule that no longer acts here, or a repeat, is dropped).
 */
export async function recordScreenFirings(
  app: FastifyInstance,
  deviceId: number,
  firings: readonly ScreenFiring[],
): Promise<string[]> {
  for (const firing of firings) {
    await app.db.transaction(async (tx) => {
      const found = await ruleOnScreen(tx, firing.rule_id, deviceId);
      if (!found) return;
      const { rule, device } = found;
      const at = new Date(firing.fired_at);
      const [inserted] = await tx
        .insert(ruleFirings)
        .values({
          ruleId: rule.id,
          deviceId,
          source: 'screen',
          uuid: firing.uuid,
          sensorId: firing.sensor_id ?? null,
          dueAt: rule.trigger.kind === 'time' && firing.due_at ? new Date(firing.due_at) : null,
          state: firing.ok ? 'done' : 'failed',
          result: firing.result ?? null,
          firedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: ruleFirings.id });
      if (!inserted) return;
      await recordPerformed(app, tx, deviceId, performedOf(rule.actions), {
        ok: firing.ok,
        result: firing.result ?? null,
        at,
      });
      const outcome = firing.ok ? await runOnScreen(app, tx, device, serverPart(rule.actions)) : null;
      const mailed = await mailOf(app, tx, rule, device, null, at);
      await tx
        .update(ruleFirings)
        .set({
          ...(outcome && outcome.state !== 'done'
            ? { state: outcome.state, commandIds: outcome.commandIds }
            : {}),
          mailed,
        })
        .where(eq(ruleFirings.id, inserted.id));
    });
  }
  return firings.map((firing) => firing.uuid);
}

/** A firing's result now: as logged, or for one sent, what its commands' answers say. */
async function statesNow(db: Db, rows: readonly { state: string; commandIds: number[] }[]) {
  const ids = rows.flatMap((row) => (row.state === 'sent' ? row.commandIds : []));
  const answers = new Map(
    (ids.length === 0
      ? []
      : await db
          .select({
            id: deviceCommands.id,
            status: deviceCommands.status,
            result: deviceCommands.result,
            createdAt: deviceCommands.createdAt,
          })
          .from(deviceCommands)
          .where(inArray(deviceCommands.id, ids))
    ).map((row) => [row.id, row]),
  );
  const cutoff = new Date(Date.now() - COMMAND_ACK_TIMEOUT_SECONDS * 1000);
  return rows.map((row): { state: RuleFiringState; result: string | null } => {
    if (row.state !== 'sent') return { state: row.state as RuleFiringState, result: null };
    const mine = row.commandIds.flatMap((id) => answers.get(id) ?? []);
    const failed = mine.find((answer) => answer.status === 'failed');
    if (failed) return { state: 'failed', result: failed.result };
    const waiting = mine.filter((answer) => answer.status !== 'done');
    if (waiting.some((answer) => answer.status === 'timeout' || answer.createdAt < cutoff)) {
      return { state: 'timeout', result: null };
    }
    return { state: waiting.length === 0 ? 'acknowledged' : 'sent', result: null };
  });
}

/** GET rule/:id/firings: newest first, on the screens the caller sees. */
export async function ruleFiringList(
  db: Db,
  scope: TenantScope,
  ruleId: number,
  query: z.output<typeof ruleFiringListQuerySchema>,
): Promise<ListResult<RuleFiring>> {
  const [rule] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.id, ruleId), visibleRules(scope)));
  if (!rule) throw notFound();
  const where = and(eq(ruleFirings.ruleId, ruleId), visibleDevices(scope));
  const page = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: ruleFirings.id,
        source: ruleFirings.source,
        deviceId: ruleFirings.deviceId,
        deviceName: devices.name,
        signageId: devices.signageId,
        sensorId: ruleFirings.sensorId,
        firedAt: ruleFirings.firedAt,
        state: ruleFirings.state,
        commandIds: ruleFirings.commandIds,
        result: ruleFirings.result,
        mailed: ruleFirings.mailed,
      })
      .from(ruleFirings)
      .innerJoin(devices, eq(devices.id, ruleFirings.deviceId))
      .where(where)
      .orderBy(
        query.sort === 'fired_at,asc' ? ruleFirings.firedAt : desc(ruleFirings.firedAt),
        desc(ruleFirings.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(ruleFirings)
      .innerJoin(devices, eq(devices.id, ruleFirings.deviceId))
      .where(where),
  ]);
  const states = await statesNow(db, rows);
  return {
    list: rows.map((row, index) => ({
      id: row.id,
      source: row.source as RuleFiring['source'],
      device_id: row.deviceId,
      device_name: row.deviceName ?? row.signageId,
      sensor_id: row.sensorId,
      fired_at: row.firedAt.toISOString(),
      state: states[index].state,
      result: states[index].result ?? row.result,
      mailed: row.mailed,
    })),
    total,
  };
}

/** Registers the job and hears the device area's events. */
export function registerRuleFiring(app: FastifyInstance) {
  app.jobs.register(JOB, (payload) => fireOnServer(app, payload));
  app.deviceEvents.on((event, ids, at) => queueEventFirings(app, event, ids, at));
}
