import { DeviceStatus, type PushReason } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { scheduleDevices } from '../../db/schema';
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

/** The reason of a push refused for want of storage: the manifest leaves such a schedule out. */
export const STORAGE_REFUSED: PushReason = 'device.storageInsufficient';
const STORAGE_UNKNOWN: PushReason = 'device.storageUnknown';

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
