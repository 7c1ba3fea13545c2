import { AccountStatus, Role } from '@vitrine/contract';
import { and, eq, inArray, isNotNull, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices, users } from '../../db/schema';
import { EMPTY_GRACE_MS, SCHEDULE_EMPTY_JOB } from '../../platform/screen-changes';
import { workspaceAndAncestors } from '../../platform/workspace-trees';
import { mailLanguage } from '../account';
import { localDate } from './manifest';

// The schedule-empty mail (ARCHITECTURE §10, template schedule-empty): a claimed screen with
// nothing to play (no default content and no approved schedule that has not ended in its
// timezone) is reported to its company's owner and to the user admins whose workspace holds it,
// each in their language, at most once a day per screen (devices.empty_mailed_at).
//
// Checked for the devices a schedule stopped reaching (the job SCHEDULE_EMPTY_JOB, queued in the
// retracting transaction by platform/screen-changes queueEmptyCheck) and, by one of the instances that run jobs (RUN_JOBS), for every device
// once an hour, which catches schedules that ended; the once-a-day stamp keeps that to one mail a day.
//
// A screen just paired, or just left with nothing, is given EMPTY_GRACE_MS first: it shows its name
// and the clock meanwhile, and its user is usually still setting it up. So the queued check runs
// that much later, the hourly one skips a screen paired (or whose schedules ended) within it, and
// a screen whose check is still queued is left to that check.

/** How often every device is checked. */
const SWEEP_MS = 60 * 60_000;
/** Devices stamped and mailed per transaction. */
const BATCH = 200;

/** The latest end date of a device's approved schedules, as text (null: none). */
const lastEnd = sql<string | null>`(
  select max(s.end_date)::text from schedule_devices sd join schedules s on s.id = sd.schedule_id
  where sd.device_id = "devices"."id" and s.state = 'approved')`;

/** A check of the device queued for after `now`: it is still in its grace period. */
const checkPending = (now: Date) => sql`exists (
  select 1 from jobs j where j.type = ${SCHEDULE_EMPTY_JOB} and j.status = 'queued' and j.run_at > ${now.toISOString()}::timestamptz
    and j.payload -> 'deviceIds' @> jsonb_build_array("devices"."id"))`;

/**
 * Mails about the claimed devices (these, or all) that have had nothing to play for the grace
 * period and were not mailed about today (UTC); answers how many devices were reported.
 */
export async function mailEmptyDevices(
  app: FastifyInstance,
  deviceIds?: readonly number[],
  now = new Date(),
): Promise<number> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const graceStart = new Date(now.getTime() - EMPTY_GRACE_MS);
  const notMailed = or(isNull(devices.emptyMailedAt), lt(devices.emptyMailedAt, today));
  const candidates = await app.db
    .select({ id: devices.id, companyId: devices.companyId, timezone: devices.timezone, lastEnd })
    .from(devices)
    .where(
      and(
        deviceIds ? inArray(devices.id, [...deviceIds]) : undefined,
        isNotNull(devices.companyId),
        isNotNull(devices.workspaceId),
        isNull(devices.defaultProgramId),
        lte(devices.claimedAt, graceStart),
        notMailed,
        not(checkPending(now)),
      ),
    );
  // Ended: the last end date was over before the device's own today, a grace period ago.
  const empty = candidates.filter(
    (row) => row.lastEnd === null || row.lastEnd < localDate(row.timezone, graceStart),
  );
  const byCompany = new Map<number, number[]>();
  for (const row of empty) {
    const companyId = row.companyId as number;
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), row.id]);
  }
  let reported = 0;
  for (const [companyId, ids] of byCompany) {
    // The company's tree first: inside the transaction a second query would wait for it on PGlite.
    const links = await app.workspaceTrees.of(companyId);
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      reported += await app.db.transaction(async (tx) => {
        // Locked and checked again: another instance, or a default set meanwhile, wins.
        const locked = await tx
          .select()
          .from(devices)
          .where(
            and(
              inArray(devices.id, batch),
              eq(devices.companyId, companyId),
              isNull(devices.defaultProgramId),
              notMailed,
            ),
          )
          .for('update', { skipLocked: true });
        if (locked.length === 0) return 0;
        await tx
          .update(devices)
          .set({ emptyMailedAt: now })
          .where(
            inArray(
              devices.id,
              locked.map((row) => row.id),
            ),
          );
        const recipients = await tx
          .select()
          .from(users)
          .where(
            and(
              eq(users.companyId, companyId),
              eq(users.status, AccountStatus.active),
              or(eq(users.roleId, Role.owner), eq(users.roleId, Role.userAdmin)),
            ),
          );
        for (const device of locked) {
          const holders = device.workspaceId === null ? [] : workspaceAndAncestors(links, device.workspaceId);
          for (const user of recipients) {
            if (
              user.roleId !== Role.owner &&
              (user.workspaceId === null || !holders.includes(user.workspaceId))
            )
              continue;
            const vars = {
              username: user.username,
              device_name: device.name ?? device.signageId,
              signage_id: device.signageId,
              link: `${app.systemSettings.publicUrl}/schedule/add`,
            };
            await app.mail.enqueue(
              { to: user.email, template: 'schedule-empty', language: mailLanguage(user.language), vars },
              tx,
            );
          }
        }
        return locked.length;
      });
    }
  }
  return reported;
}

/** Registers the job, and the hourly check (it runs where background work runs). */
export function registerEmptyMails(app: FastifyInstance) {
  app.jobs.register(SCHEDULE_EMPTY_JOB, async (payload) => {
    await mailEmptyDevices(app, payload.deviceIds);
  });
  app.jobs.every('schedule-empty-sweep', SWEEP_MS, () => mailEmptyDevices(app));
}
