import type { LicenseBindResult, licenseBindRequestSchema } from '@vitrine/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deviceLicenses, devices, licenseBatches, licensePools } from '../../db/schema';
import { now } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { presentLicense } from '../../platform/licence-state';
import { notifyLicenceChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { type Holder, move } from './ledger';
import { holderOf } from './licenses';

// A device holds one licence at a time, bound by an owner from the company's pool: one licence
// leaves the pool for the device (a ledger row) and the binding replaces the device's previous one,
// which is used up, not returned. The expiry is fixed at binding from the batch's validity.

type Batch = typeof licenseBatches.$inferSelect;
const DAY_MS = 86_400_000;

/** When a licence of the batch bound at `boundAt` expires: null for permanent; a date's day ends at 24:00 UTC. */
export function expiryOf(batch: Batch, boundAt: Date): Date | null {
  if (batch.validityType === 'days' && batch.effectDays !== null) {
    return new Date(boundAt.getTime() + batch.effectDays * DAY_MS);
  }
  if (batch.validityType === 'date' && batch.expirationDate !== null) {
    return new Date(Date.parse(`${batch.expirationDate}T00:00:00Z`) + DAY_MS);
  }
  return null;
}

/** Writes the device's licence (replacing the one it held), bound now by the ledger row `transferId`. */
export async function bindTo(tx: Db, deviceId: number, batch: Batch, transferId: number, boundAt: Date) {
  const binding = { deviceId, batchId: batch.id, transferId, boundAt, expiresAt: expiryOf(batch, boundAt) };
  await tx
    .insert(deviceLicenses)
    .values(binding)
    .onConflictDoUpdate({ target: deviceLicenses.deviceId, set: binding });
  // A screen that said it had no licence plays again at once.
  await notifyLicenceChanged(tx, [deviceId]);
  return binding;
}

/** The claimed devices the caller sees. */
export const visibleDevices = (scope: TenantScope) =>
  and(
    isNotNull(devices.companyId),
    scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
  );

/** Locks one of the caller's devices (the row lock orders two binds of one device); else 404001. */
export async function lockDevice(tx: Db, scope: TenantScope, id: number): Promise<number> {
  const [device] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, id), visibleDevices(scope)))
    .for('update');
  if (!device) throw notFound();
  return device.id;
}

/**
 * In the caller's transaction: moves one licence of the batch from `from` to a locked device and
 * binds it, naming the licence it replaced. Returns the answer and the ledger row.
 */
export async function bindFrom(
  tx: Db,
  scope: TenantScope,
  deviceId: number,
  batch: Batch,
  from: Holder,
): Promise<{ result: LicenseBindResult; transferId: number }> {
  const [previous] = await tx
    .select({ binding: deviceLicenses, batch: licenseBatches })
    .from(deviceLicenses)
    .innerJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId))
    .where(eq(deviceLicenses.deviceId, deviceId));
  const transferId = await move(tx, {
    batch,
    from,
    to: { kind: 'device', id: deviceId },
    quantity: 1,
    actorId: scope.user.userId,
  });
  const binding = await bindTo(tx, deviceId, batch, transferId, now());
  return {
    transferId,
    result: {
      device_id: deviceId,
      license: presentLicense(batch, binding),
      replaced: previous ? presentLicense(previous.batch, previous.binding) : null,
    },
  };
}

/**
 * POST bind: an owner binds one licence of a batch its company holds to one of its devices. A device
 * or batch out of scope is 404001; no licence left is 409007; the answer names the replaced licence.
 */
export async function bindLicense(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof licenseBindRequestSchema>,
): Promise<LicenseBindResult> {
  const holder = holderOf(scope);
  if (holder?.kind !== 'company') throw notFound();
  return app.db.transaction(async (tx) => {
    const deviceId = await lockDevice(tx, scope, body.device_id);
    const [held] = await tx
      .select({ batch: licenseBatches })
      .from(licensePools)
      .innerJoin(licenseBatches, eq(licenseBatches.id, licensePools.batchId))
      .where(
        and(
          eq(licensePools.holderKind, holder.kind),
          eq(licensePools.holderId, holder.id),
          eq(licensePools.batchId, body.batch_id),
        ),
      )
      .limit(1);
    if (!held) throw notFound();
    return (await bindFrom(tx, scope, deviceId, held.batch, holder)).result;
  });
}
