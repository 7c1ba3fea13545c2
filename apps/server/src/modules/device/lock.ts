import { createHash, randomBytes } from 'node:crypto';
import type { DeviceItem } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices } from '../../db/schema';
import type { TenantScope } from '../../platform/tenancy';
import { refuseUnsupported } from './features';
import { announce, deviceDetail, visibleIds } from './service';

// The player's security lock (ARCHITECTURE §7): a 6-digit PIN guarding its local settings screen.
// The screen checks it itself, offline too, so it gets SHA-256(salt + PIN) and the salt, never the
// PIN; a fresh salt each time keeps equal PINs on two screens from looking alike.

export const lockDigest = (salt: string, pin: string) =>
  createHash('sha256')
    .update(salt + pin)
    .digest('hex');

/** PUT device/{device_id}/lock: sets the PIN, or lifts the lock with null. */
export async function setLock(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  pin: string | null,
): Promise<DeviceItem> {
  const salt = pin === null ? null : randomBytes(16).toString('hex');
  await app.db.transaction(async (tx) => {
    refuseUnsupported(await visibleIds(tx, scope, [id]), 'lock');
    await tx
      .update(devices)
      .set({
        lockSalt: salt,
        lockPinSha256: salt === null || pin === null ? null : lockDigest(salt, pin),
        updatedAt: new Date(),
      })
      .where(eq(devices.id, id));
    await announce(tx, [id]);
  });
  return deviceDetail(app.db, scope, id);
}
