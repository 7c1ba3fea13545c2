import { DeviceStatus } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { scheduleDevices } from '../../db/schema';
import { publishManifestChanged, queueEmptyCheck } from '../../platform/screen-changes';

// Publishing (ARCHITECTURE §9): an approved schedule reaches its devices through their manifests.
// The schedule's modules call these inside the transaction that approves or retracts it: the
// "manifest changed" events leave at its commit, and never for a rolled-back one.
//
// Push status per (schedule, device): publication sets 'pending' for a device that is online, and
// 'failed' at once for one that is offline (it fetches when it comes back: 'retried'). The fetch of
// a manifest that holds the schedule turns 'pending' into 'success' and 'failed' into 'retried'
// (program/push-status.ts); a device still 'pending' PUSH_TIMEOUT_MS after publication is 'failed'.

/** The schedule was approved (or approved again after an edit): its devices fetch it now. */
export async function publishSchedule(tx: Db, scheduleId: number): Promise<void> {
  const rows = rowsOf<{ device_id: number }>(
    await tx.execute(sql`
      update ${scheduleDevices} as sd set
        push_status = case when d.status = ${DeviceStatus.online} then 'pending' else 'failed' end,
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
