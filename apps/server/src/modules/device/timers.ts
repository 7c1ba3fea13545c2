import { DEVICE_COMMAND_LIMIT, type DeviceTimers, ResultCode } from '@vitrine/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { refuseUnsupported } from './features';
import { announce, deviceDetail, visibleIds } from './service';

// Weekly power timers (ARCHITECTURE §7): stored on the device row and pushed to a connected player
// with its state, which keeps them and applies them on its own, offline too.

export async function deviceTimers(db: Db, scope: TenantScope, id: number): Promise<DeviceTimers> {
  return (await deviceDetail(db, scope, id)).timers;
}

/**
 * Gives these devices the same timers: at most DEVICE_COMMAND_LIMIT of them, every one in the
 * caller's scope (else 404001 and nothing changes), every one's player supporting timers.
 */
export async function saveTimers(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  timers: DeviceTimers,
): Promise<void> {
  if (ids.length > DEVICE_COMMAND_LIMIT) {
    throw new AppError(ResultCode.validation, 'device.limit', { limit: DEVICE_COMMAND_LIMIT });
  }
  await app.db.transaction(async (tx) => {
    const rows = await visibleIds(tx, scope, ids);
    refuseUnsupported(rows, 'timers');
    await writeTimers(
      tx,
      rows.map((row) => row.id),
      timers,
    );
  });
}

/** Saves these devices' timers and pushes them with the state, inside the caller's transaction. */
export async function writeTimers(tx: Db, ids: readonly number[], timers: DeviceTimers): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(devices)
    .set({ timers: { enabled: timers.enabled, timers: timers.timers }, updatedAt: new Date() })
    .where(inArray(devices.id, [...ids]));
  await announce(tx, ids);
}
