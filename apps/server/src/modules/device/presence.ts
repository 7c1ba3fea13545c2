import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Device, devices } from '../../db/schema';
import { publishManifestChanged } from '../../platform/screen-changes';
import { onlineIfClaimed } from './hub';
import { reportedModelId } from './player';

/**
 * A sign of life from a device's socket or poll. A device that was offline comes back online
 * first (with its mail, batched with the others of this turn); what it reports anew (columns) is stored at once; a plain "still here" waits for the
 * hub's next batched flush.
 */
export async function recordSeen(
  app: FastifyInstance,
  deviceId: number,
  { columns = {}, wasOffline }: { columns?: Partial<Device>; wasOffline: boolean },
) {
  if (wasOffline) await app.deviceHub.wake(deviceId);
  if (Object.keys(columns).length === 0) {
    app.deviceHub.touch(deviceId);
    return;
  }
  // Schedules are read in the device's timezone: a new one changes its manifest.
  const [before] =
    columns.timezone === undefined
      ? []
      : await app.db.select({ timezone: devices.timezone }).from(devices).where(eq(devices.id, deviceId));
  await app.db
    .update(devices)
    .set({ ...columns, ...reportedModelId(columns), lastSeenAt: new Date(), status: onlineIfClaimed })
    .where(eq(devices.id, deviceId));
  if (before && before.timezone !== columns.timezone) await publishManifestChanged(app.db, [deviceId]);
}
