import type { PlayerInfo } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices } from '../../db/schema';
import { onlineIfClaimed } from './hub';
import { infoColumns } from './player';
import { markOnline } from './status-mail';

/**
 * A sign of life from a device's socket or poll. A device that was offline comes back online
 * first (with its mail); what it reports is stored at once; a plain "still here" waits for the
 * hub's next batched flush.
 */
export async function recordSeen(
  app: FastifyInstance,
  deviceId: number,
  { info, wasOffline }: { info?: PlayerInfo; wasOffline: boolean },
) {
  if (wasOffline) await markOnline(app, deviceId);
  const columns = infoColumns(info);
  if (Object.keys(columns).length === 0) {
    app.deviceHub.touch(deviceId);
    return;
  }
  await app.db
    .update(devices)
    .set({ ...columns, lastSeenAt: new Date(), status: onlineIfClaimed })
    .where(eq(devices.id, deviceId));
}
