import { DeviceStatus, type PushReason } from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rowsOf } from '../../db/client';
import { scheduleDevices, schedules } from '../../db/schema';
import { publishManifestChanged, queueEmptyCheck } from '../../platform/screen-changes';
import { scheduleMediaBytes } from './rules';

// Publishing (ARCHITECTURE §9): an approved schedule reaches its devices through their manifests.
// The schedule's modules call these inside the transaction that approves or retracts it: the
// "manifest changed" events leave at its commit, and never for a rolled-back one.
//
// Push status per (schedule, device): publication sets 'pending' for a device that is online, and
// 'failed' at once for one that is offline (it fetches when it comes back: 'retried'). The fetch of
// a manifest that holds the schedule turns 'pending' into 'success' and 'failed' into 'retried'
// (program/push-status.ts); a device still 'pending' PUSH_TIMEOUT_MS after publication is 'failed'.
//
// Storage (spec 001 §8, docs/device-storage.md): a device whose last reported free storage is less
// than the bytes of the schedule's media is refused: 'failed' with the reason
// 'device.storageInsufficient', and its manifest leaves the schedule out until it is published
// again. A device that never reported its storage is sent the schedule all the same, with the
// reason 'device.storageUnknown' beside its status.
//
// An approval answers before its publication: the approving transaction queues the publication
// job (one row, whatever the number of devices), and the request runs it as soon as its answer has
// gone out (app.jobs.runEarly). The approver does not wait for the per-device statuses of a fleet,
// and should this process stop in between, a job runner publishes after PUBLISH_GRACE_MS.

/** The reason of a push refused for want of storage: the manifest leaves such a schedule out. */
export const STORAGE_REFUSED: PushReason = 'device.storageInsufficient';
const STORAGE_UNKNOWN: PushReason = 'device.storageUnknown';

export const PUBLISH_JOB = 'schedule-publish';
/** How long an approval's publication waits for its request before any job runner does it. */
const PUBLISH_GRACE_MS = 30_000;

declare module '../../platform/jobs' {
  interface JobPayloads {
    [PUBLISH_JOB]: { scheduleId: number };
  }
}

/**
 * Queues, in the approving transaction `tx`, the publication of the schedule (run it with
 * app.jobs.runEarly once the approval has answered); answers the job's id.
 */
export function queuePublication(app: FastifyInstance, tx: Db, scheduleId: number): Promise<number> {
  const runAt = new Date(Date.now() + PUBLISH_GRACE_MS);
  return app.jobs.enqueue(PUBLISH_JOB, { scheduleId }, { runAt }, tx);
}

/** The publication job: a schedule still approved reaches its devices (one withdrawn meanwhile does not). */
export function registerPublication(app: FastifyInstance) {
  app.jobs.register(PUBLISH_JOB, ({ scheduleId }) =>
    app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ state: schedules.state })
        .from(schedules)
        .where(eq(schedules.id, scheduleId))
        .for('update');
      if (row?.state === 'approved') await publishSchedule(tx, scheduleId);
    }),
  );
}

/** The schedule was approved (or approved again after an edit): its devices fetch it now. */
export async function publishSchedule(tx: Db, scheduleId: number): Promise<void> {
  const bytes = await scheduleMediaBytes(tx, scheduleId);
  const tooSmall = sql`d.free_storage < ${bytes}::bigint`;
  // Nothing to keep (websites, streams): no need to know the storage.
  const unknown = bytes > 0 ? sql`d.free_storage is null` : sql`false`;
  const rows = rowsOf<{ device_id: number }>(
    await tx.execute(sql`
      update ${scheduleDevices} as sd set
        push_status = case
          when ${tooSmall} then 'failed'
          when d.status = ${DeviceStatus.online} then 'pending'
          else 'failed' end,
        push_reason = case
          when ${tooSmall} then ${STORAGE_REFUSED}
          when ${unknown} then ${STORAGE_UNKNOWN}
          end,
        pushed_at = now(),
        push_attempts = sd.push_attempts + 1
      from devices d
      where sd.schedule_id = ${scheduleId} and d.id = sd.device_id
      returning sd.device_id`),
  );
  await publishManifestChanged(
    tx,
    rows.map((row) => Number(row.device_id)),
  );
}

/**
 * An approved schedule stops reaching these devices (withdrawn, edited back to pending, devices
 * taken out of it, deleted): they fetch their manifest again, and the schedule-empty check runs
 * for them (one may have nothing left to play).
 */
export async function retractSchedule(
  tx: Db,
  _scheduleId: number,
  deviceIds: readonly number[],
): Promise<void> {
  if (deviceIds.length === 0) return;
  await publishManifestChanged(tx, deviceIds);
  await queueEmptyCheck(tx, deviceIds);
}
