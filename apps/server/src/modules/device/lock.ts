import { createHash, randomBytes } from 'node:crypto';
import type { DeviceItem } from '@vitrine/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { TenantScope } from '../../platform/tenancy';
import { refuseUnsupported } from './features';
import { announce, deviceDetail, visibleIds } from './service';

// The player's security lock (ARCHITECTURE §7): a 6-digit PIN guarding its local settings screen.
// The screen checks it itself, offline too, so it gets SHA-256(salt + PIN) and the salt, never the
// PIN; a fresh salt each time keeps equal PINs on two screens from looking alike.

/** What a screen keeps of its lock's PIN. */
export type LockDigest = { salt: string; pin_sha256: string };

export const lockDigest = (salt: string, pin: string) =>
  createHash('sha256')
    .update(salt + pin)
    .digest('hex');

/** A new lock for a PIN: a fresh salt and SHA-256(salt + PIN). */
export function newLock(pin: string): LockDigest {
  const salt = randomBytes(16).toString('hex');
  return { salt, pin_sha256: lockDigest(salt, pin) };
}

/** Sets (or with null lifts) these devices' lock and pushes it with the state, inside the caller's transaction. */
export async function writeLock(tx: Db, ids: readonly number[], lock: LockDigest | null): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(devices)
    .set({ lockSalt: lock?.salt ?? null, lockPinSha256: lock?.pin_sha256 ?? null, updatedAt: new Date() })
    .where(inArray(devices.id, [...ids]));
  await announce(tx, ids);
}

/** PUT device/{device_id}/lock: sets the PIN, or lifts the lock with null. */
export async function setLock(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  pin: string | null,
): Promise<DeviceItem> {
  await app.db.transaction(async (tx) => {
    refuseUnsupported(await visibleIds(tx, scope, [id]), 'lock');
    await writeLock(tx, [id], pin === null ? null : newLock(pin));
  });
  return deviceDetail(app.db, scope, id);
}
