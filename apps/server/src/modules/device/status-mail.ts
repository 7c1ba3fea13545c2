import {
  AccountStatus,
  DEVICE_STATUS_MAIL_MINUTES,
  DeviceStatus,
  type Language,
  powerPlan,
  Role,
} from '@vitrine/contract';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rowsOf } from '../../db/client';
import { devices, users } from '../../db/schema';
import type { MailRequest } from '../../platform/mail';
import { STATUS_WORDS } from '../../platform/mail-templates/device-status';
import { workspaceAndAncestors } from '../../platform/workspace-trees';
import { mailLanguage, mailTime } from '../account';

// Device-status mails (spec: the "device offline" reminder, template device-status): when a claimed
// screen goes offline or comes back, the company's owner and the user admins whose workspace holds
// it hear of it through the job queue, each in their own language.
//
// An outage is news only once it has lasted config.offlineMailAfterSeconds (OFFLINE_AFTER_SECONDS
// unless set): the offline job is queued for then and says nothing if the screen came back
// meanwhile (a reboot, a network blip).
// Against flapping, devices.status_mailed_at holds when the last OFFLINE mail went out:
// - an offline mail goes only if none went in the last DEVICE_STATUS_MAIL_MINUTES;
// - a back-online mail goes only if this outage's offline mail went out (status_mailed_at is at or
//   after the last time the device was seen before the outage), so every "online" answers one
//   "offline", and a screen that flaps every minute costs one pair of mails per window.
// The check and the stamp happen in the transaction that queues the mails.
//
// Power on/off mails (spec 001 §1) ride the same job and template, to the users who chose them
// (users.power_mail) and see the screen. A screen is on when its last screen-on/off command left
// it on and its weekly timers have it on; a command or a timer boundary (followed by the
// timer sweep, with the player's own plan) that flips it queues the mail. Throttled the same way
// with devices.power_mailed(_at): a "powered off" mail only if no power mail went out in the last
// DEVICE_STATUS_MAIL_MINUTES, a "powered on" mail only to answer a mailed "powered off".

const JOB = 'device-status';
const WINDOW_MS = DEVICE_STATUS_MAIL_MINUTES * 60_000;

type Change = 'online' | 'offline' | 'power-on' | 'power-off';
/** seen: the device's last sign of life when it dropped, which tells this outage from a later one. */
type Payload = { deviceId: number; status: Change; at: string; seen?: string | null };

declare module '../../platform/jobs' {
  interface JobPayloads {
    [JOB]: Payload;
  }
}

/** After these devices were marked offline: each outage's mail (decided once it has lasted), and the event. */
export async function wentOffline(app: FastifyInstance, ids: readonly number[], now = new Date()) {
  await mailOffline(app, ids, now);
  await app.deviceEvents.emit('offline', ids, now);
}

async function mailOffline(app: FastifyInstance, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  const rows = await app.db
    .select({ id: devices.id, lastSeenAt: devices.lastSeenAt })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
  const runAt = new Date(now.getTime() + app.config.offlineMailAfterSeconds * 1000);
  for (const row of rows) {
    const seen = row.lastSeenAt?.toISOString() ?? null;
    await app.jobs.enqueue(
      JOB,
      { deviceId: row.id, status: 'offline', at: now.toISOString(), seen },
      { runAt },
    );
  }
}

/**
 * Marks claimed offline devices online, before the callers store what they report, queues the
 * back-online mail of each whose outage was mailed, and tells the event's listeners. Devices
 * already online are left alone. One statement for all of them: a restarting fleet comes back in
 * batches (DeviceHub.wake).
 */
export async function markOnline(app: FastifyInstance, ids: readonly number[], now = new Date()) {
  if (ids.length === 0) return;
  const back = await app.db.transaction(async (tx) => {
    // Seen now, too: a sweep before the caller's own write must not take them offline again. The
    // locked subquery keeps each row's values from before the update, which decide the mail.
    const woken = rowsOf<{ id: number; mailed: boolean }>(
      await tx.execute(sql`
        update ${devices} set status = ${DeviceStatus.online}, last_seen_at = ${now}
        from (
          select id, last_seen_at, status_mailed_at from ${devices}
          where ${inArray(devices.id, [...ids])}
            and company_id is not null and status = ${DeviceStatus.offline}
          for update
        ) as before
        where ${devices.id} = before.id
        returning ${devices.id} as id,
          (before.status_mailed_at is not null
            and (before.last_seen_at is null or before.status_mailed_at >= before.last_seen_at)) as mailed`),
    );
    for (const { id, mailed } of woken) {
      if (mailed)
        await app.jobs.enqueue(JOB, { deviceId: id, status: 'online', at: now.toISOString() }, {}, tx);
    }
    return woken.map((row) => row.id);
  });
  await app.deviceEvents.emit('online', back, now);
}

/** How often the timer sweep looks for screens whose timers turned them on or off. */
export const TIMER_SWEEP_MS = 30_000;

const powerChange = (on: boolean): Change => (on ? 'power-on' : 'power-off');

/**
 * Before screen-on/off commands save `on` on these devices: queues the power mail of each whose
 * screen it turns (its timers having it on), in the command's transaction.
 */
export async function mailPowerCommand(
  app: FastifyInstance,
  tx: Db,
  ids: readonly number[],
  on: boolean,
  now = new Date(),
) {
  if (ids.length === 0) return;
  const turned = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), ne(devices.screenOn, on), eq(devices.timerOn, true)));
  for (const { id } of turned) {
    await app.jobs.enqueue(JOB, { deviceId: id, status: powerChange(on), at: now.toISOString() }, {}, tx);
  }
}

/** The timer's zone: the screen's, UTC when it reported none (or one this runtime does not know). */
function planAt(timers: Parameters<typeof powerPlan>[0], at: number, zone: string | null): boolean {
  try {
    return powerPlan(timers, at, zone ?? 'UTC').on;
  } catch {
    return powerPlan(timers, at, 'UTC').on;
  }
}

/**
 * The timer sweep: follows every claimed screen's timers (devices.timer_on) and queues the power
 * mail of each online one they turned whose screen is not off by command.
 */
export async function followTimers(app: FastifyInstance, now = new Date()) {
  const rows = await app.db
    .select({ id: devices.id, timers: devices.timers, timezone: devices.timezone, timerOn: devices.timerOn })
    .from(devices)
    .where(
      and(
        isNotNull(devices.companyId),
        or(sql`(${devices.timers}->>'enabled')::boolean`, eq(devices.timerOn, false)),
      ),
    );
  for (const row of rows) {
    const on = planAt(row.timers, now.getTime(), row.timezone);
    if (on === row.timerOn) continue;
    await app.db.transaction(async (tx) => {
      const [turned] = await tx
        .update(devices)
        .set({ timerOn: on })
        .where(and(eq(devices.id, row.id), eq(devices.timerOn, !on)))
        .returning({ screenOn: devices.screenOn, status: devices.status });
      if (turned?.screenOn && turned.status === DeviceStatus.online) {
        await app.jobs.enqueue(
          JOB,
          { deviceId: row.id, status: powerChange(on), at: now.toISOString() },
          {},
          tx,
        );
      }
    });
  }
}

/** Whether a power mail is news, and its stamp: see the throttle above. */
function powerNews(device: typeof devices.$inferSelect, change: Change): boolean {
  const on = change === 'power-on';
  // Turned back since: not news (that change has its own job).
  if ((device.screenOn && device.timerOn) !== on) return false;
  if (on) return device.powerMailed === 'off';
  if (device.powerMailed === 'off') return false;
  return !device.powerMailedAt || Date.now() - device.powerMailedAt.getTime() >= WINDOW_MS;
}

/** The job: one mail per recipient, all queued together. */
async function sendStatusMails(app: FastifyInstance, payload: Payload) {
  // The company's tree first: inside the transaction a second query would wait for it on PGlite.
  const [current] = await app.db
    .select({ companyId: devices.companyId })
    .from(devices)
    .where(eq(devices.id, payload.deviceId));
  const companyId = current?.companyId;
  if (companyId == null) return;
  const links = await app.workspaceTrees.of(companyId);
  await app.db.transaction(async (tx) => {
    const [device] = await tx.select().from(devices).where(eq(devices.id, payload.deviceId)).for('update');
    if (device?.companyId !== companyId || device.workspaceId === null) return;
    if (payload.status === 'offline') {
      // Back since, or dropped again since (that outage has its own job): not news.
      const seen = device.lastSeenAt?.toISOString() ?? null;
      if (device.status !== DeviceStatus.offline || seen !== (payload.seen ?? null)) return;
      if (device.statusMailedAt && Date.now() - device.statusMailedAt.getTime() < WINDOW_MS) return;
      await tx.update(devices).set({ statusMailedAt: new Date() }).where(eq(devices.id, device.id));
    }
    const power = payload.status === 'power-on' || payload.status === 'power-off';
    if (power) {
      if (!powerNews(device, payload.status)) return;
      await tx
        .update(devices)
        .set({ powerMailed: payload.status === 'power-on' ? 'on' : 'off', powerMailedAt: new Date() })
        .where(eq(devices.id, device.id));
    }
    const holders = workspaceAndAncestors(links, device.workspaceId);
    const recipients = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.status, AccountStatus.active),
          power
            ? // Everyone who sees the screen and chose power mails.
              and(
                eq(users.powerMail, true),
                or(eq(users.roleId, Role.owner), inArray(users.workspaceId, holders)),
              )
            : or(
                eq(users.roleId, Role.owner),
                and(eq(users.roleId, Role.userAdmin), inArray(users.workspaceId, holders)),
              ),
        ),
      );
    const at = new Date(payload.at);
    for (const user of recipients) {
      await app.mail.enqueue(
        statusMail(app, user, device, (words) => words[payload.status], at),
        tx,
      );
    }
  });
}

type StatusWords = (typeof STATUS_WORDS)[Language];

/**
 * The device-status mail to one user, in their language: `status` picks the words of the change
 * (or names it: a control rule's mail, modules/rule).
 */
export function statusMail(
  app: FastifyInstance,
  user: typeof users.$inferSelect,
  device: { id: number; name: string | null; signageId: string },
  status: (words: StatusWords) => string,
  at: Date,
): MailRequest {
  const language = mailLanguage(user.language);
  const vars = {
    username: user.username,
    device_name: device.name ?? device.signageId,
    signage_id: device.signageId,
    status: status(STATUS_WORDS[language]),
    time: mailTime(at, user),
    link: `${app.systemSettings.publicUrl}/device/${device.id}`,
  };
  return { to: user.email, template: 'device-status', language, vars };
}

/** Registers the job and hears the offline sweep. */
export function registerStatusMails(app: FastifyInstance) {
  app.jobs.register(JOB, (payload) => sendStatusMails(app, payload));
  app.deviceHub.onOffline((ids) => wentOffline(app, ids));
  app.deviceHub.onWake((ids) => markOnline(app, ids));
  app.jobs.every('device-timer-sweep', TIMER_SWEEP_MS, () => followTimers(app));
}
