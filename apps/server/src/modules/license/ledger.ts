import { type LicenseHolderKind, ResultCode } from '@vitrine/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type licenseBatches, licensePools, licenseTransfers } from '../../db/schema';
import { now } from '../../platform/clock';
import { AppError } from '../../platform/errors';

// The one way licences move: a ledger row and the pool rows it changes, in the caller's
// transaction. Taking from a pool is a conditional UPDATE (held >= n), so two concurrent takes of
// the last licence cannot both succeed: PostgreSQL re-checks the condition after the row lock.

export type Holder = { kind: LicenseHolderKind; id: number };

export const PLATFORM: Holder = { kind: 'platform', id: 0 };

/** Today (UTC) as YYYY-MM-DD: a batch with an expiration date is usable through that day. */
export const todayUtc = (at = now()) => at.toISOString().slice(0, 10);

type Batch = typeof licenseBatches.$inferSelect;

/** Whether licences of the batch may still be passed on or bound. */
export const batchUsable = (batch: Pick<Batch, 'validityType' | 'expirationDate'>, at = now()) =>
  batch.validityType !== 'date' || batch.expirationDate === null || batch.expirationDate >= todayUtc(at);

export const insufficient = () => new AppError(ResultCode.insufficientLicenses);

/**
 * Moves `quantity` licences of a batch from one holder (null: minted at the platform) to another;
 * a device receives into its binding (device_licenses), not a pool. Returns the ledger row's id.
 */
export async function move(
  tx: Db,
  move: { batch: Batch; from: Holder | null; to: Holder; quantity: number; actorId: number | null },
): Promise<number> {
  const { batch, from, to, quantity } = move;
  if (from) {
    if (!batchUsable(batch)) throw new AppError(ResultCode.stateConflict, 'license.batchExpired');
    const taken = await tx
      .update(licensePools)
      .set({ held: sql`${licensePools.held} - ${quantity}` })
      .where(
        and(
          eq(licensePools.holderKind, from.kind),
          eq(licensePools.holderId, from.id),
          eq(licensePools.batchId, batch.id),
          gte(licensePools.held, quantity),
        ),
      )
      .returning({ id: licensePools.id });
    if (taken.length === 0) throw insufficient();
  }
  if (to.kind !== 'device') {
    await tx
      .insert(licensePools)
      .values({ holderKind: to.kind, holderId: to.id, batchId: batch.id, received: quantity, held: quantity })
      .onConflictDoUpdate({
        target: [licensePools.holderKind, licensePools.holderId, licensePools.batchId],
        set: {
          received: sql`${licensePools.received} + ${quantity}`,
          held: sql`${licensePools.held} + ${quantity}`,
        },
      });
  }
  const [row] = await tx
    .insert(licenseTransfers)
    .values({
      batchId: batch.id,
      fromKind: from?.kind ?? null,
      fromId: from?.id ?? null,
      toKind: to.kind,
      toId: to.id,
      quantity,
      actorId: move.actorId,
    })
    .returning({ id: licenseTransfers.id });
  return row.id;
}
