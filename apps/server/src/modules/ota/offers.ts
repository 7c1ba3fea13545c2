import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { devices, otaPlanDevices, otaPlans } from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { now } from '../../platform/clock';
import { OTA_OPEN_STATES, otaDue } from '../../platform/ota-offer';

// Telling screens of their upgrade (docs/ota.md "For any player"): a row is offered once, when it
// becomes due on the device's clock (or at once for an instant plan or "Install now"); the
// device's state then carries it. One recurring job, once across the instances that run jobs,
// finds the rows that became due since its last pass; plan actions call the same pass for their
// plan at once. Due is read on the test clock's time (platform/clock.ts), the real one outside tests.

/** How often the due job looks (a timed plan starts within this of its local time). */
export const OFFER_PASS_MS = 60_000;

/** Statements of the offers' update: at most this many device ids each (one parameter per id). */
const OFFER_CHUNK = 5000;

/**
 * Marks the rows of running plans that are due and not yet offered as offered, and pushes each
 * device's state once: the update takes only rows still unoffered, so two passes at once push
 * each device once. One transaction per plan, whatever its size: its rows in a few statements and
 * its devices in events of 500 (publishDevicesChanged), which leave at its commit. `planId`
 * limits the pass to one plan. Answers the devices pushed.
 */
export async function offerDue(db: Db, now: Date, planId?: number): Promise<number[]> {
  const pending = await db
    .select({
      planId: otaPlanDevices.planId,
      deviceId: otaPlanDevices.deviceId,
      forced: otaPlanDevices.forced,
      timezone: devices.timezone,
      timing: otaPlans.timing,
      at: otaPlans.at,
      windowStart: otaPlans.windowStart,
      windowEnd: otaPlans.windowEnd,
    })
    .from(otaPlanDevices)
    .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
    .innerJoin(devices, eq(devices.id, otaPlanDevices.deviceId))
    .where(
      and(
        isNull(otaPlanDevices.offeredAt),
        inArray(otaPlanDevices.state, [...OTA_OPEN_STATES]),
        eq(otaPlans.status, 'running'),
        planId === undefined ? undefined : eq(otaPlanDevices.planId, planId),
      ),
    );
  const duePerPlan = new Map<number, number[]>();
  for (const row of pending) {
    const timing = {
      timing: row.timing,
      at: row.at,
      window_start: row.windowStart,
      window_end: row.windowEnd,
    };
    if (!row.forced && !otaDue(timing as Parameters<typeof otaDue>[0], row.timezone, now)) continue;
    const due = duePerPlan.get(row.planId);
    if (due) due.push(row.deviceId);
    else duePerPlan.set(row.planId, [row.deviceId]);
  }
  const pushed: number[] = [];
  for (const [plan, deviceIds] of duePerPlan) {
    await db.transaction(async (tx) => {
      const offered: number[] = [];
      for (let start = 0; start < deviceIds.length; start += OFFER_CHUNK) {
        const rows = await tx
          .update(otaPlanDevices)
          .set({ offeredAt: now })
          .where(
            and(
              eq(otaPlanDevices.planId, plan),
              inArray(otaPlanDevices.deviceId, deviceIds.slice(start, start + OFFER_CHUNK)),
              isNull(otaPlanDevices.offeredAt),
            ),
          )
          .returning({ deviceId: otaPlanDevices.deviceId });
        for (const row of rows) offered.push(row.deviceId);
      }
      await publishDevicesChanged(tx, offered);
      pushed.push(...offered);
    });
  }
  return pushed;
}

/** The devices offered an upgrade by running plans of these packages (told when the packages go). */
export async function offeredDevicesOf(tx: Db, packageIds: readonly number[]): Promise<number[]> {
  const rows = await tx
    .select({ deviceId: otaPlanDevices.deviceId })
    .from(otaPlanDevices)
    .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
    .where(
      and(
        inArray(otaPlans.packageId, [...packageIds]),
        eq(otaPlans.status, 'running'),
        isNotNull(otaPlanDevices.offeredAt),
        inArray(otaPlanDevices.state, [...OTA_OPEN_STATES]),
      ),
    );
  return rows.map((row) => row.deviceId);
}

/** A running plan whose devices are all in a final state is finished. */
export async function finishIfDone(tx: Db, planId: number) {
  await tx
    .update(otaPlans)
    .set({ status: 'finished', updatedAt: new Date() })
    .where(
      and(
        eq(otaPlans.id, planId),
        eq(otaPlans.status, 'running'),
        sql`not exists (select 1 from ${otaPlanDevices} where ${otaPlanDevices.planId} = ${planId}
          and ${inArray(otaPlanDevices.state, [...OTA_OPEN_STATES])})`,
      ),
    );
}

export function registerOfferJob(app: FastifyInstance) {
  app.jobs.every('ota-offers', OFFER_PASS_MS, () => offerDue(app.db, now()));
}
