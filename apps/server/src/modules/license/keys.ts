import { createHash, randomBytes } from 'node:crypto';
import {
  formatLicenseKey,
  LICENSE_KEY_ATTEMPTS,
  LICENSE_KEY_BYTES,
  LICENSE_KEY_WINDOW_MINUTES,
  type LicenseBindResult,
  type LicenseKeyCreated,
  type LicenseKeyDetail,
  type LicenseKeyItem,
  type licenseKeyBindRequestSchema,
  type licenseKeyCreateRequestSchema,
  normalizeLicenseKey,
  ResultCode,
} from '@vitrine/contract';
import { and, desc, eq, gt, lt, min, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  devices,
  licenseBatches,
  licenseKeyFailures,
  licenseKeys,
  licenseKeyUses,
  licensePools,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { batchFields } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';
import { bindFrom, lockDevice, visibleDevices } from './bindings';
import { PLATFORM } from './ledger';
import { holderOf } from './licenses';

// Licence keys (docs/license.md "Licence keys"): the platform makes a key of a batch; each use binds
// one licence of the batch, from the platform's pool, to an owner's device. Only the key's hash is
// stored. Wrong keys are counted in the database per user and per address, so the limit holds
// across server instances.

type Key = typeof licenseKeys.$inferSelect;
type Batch = typeof licenseBatches.$inferSelect;
const MINUTE = 60_000;

const hashOf = (text: string) => createHash('sha256').update(normalizeLicenseKey(text)).digest('hex');

const wrongKey = () => new AppError(ResultCode.validation, 'license.keyWrong', {}, { field: 'key' });

// Qualified by hand: inside a subquery drizzle names the outer column without its table.
const creatorName = sql<string>`coalesce((select coalesce(nullif(u.nickname, ''), u.username) from users u where u.id = "license_keys"."created_by"), '')`;

const presentKey = (key: Key, batch: Batch) => ({
  id: key.id,
  ...batchFields(batch),
  hint: key.hint,
  uses: key.uses,
  max_uses: key.maxUses,
  created_at: key.createdAt.toISOString(),
});

/** POST batch/:id/key: a new key of the batch; its text is in this answer only. */
export async function createKey(
  app: FastifyInstance,
  scope: TenantScope,
  batchId: number,
  body: z.output<typeof licenseKeyCreateRequestSchema>,
): Promise<LicenseKeyCreated> {
  const [batch] = await app.db.select().from(licenseBatches).where(eq(licenseBatches.id, batchId)).limit(1);
  if (!batch) throw notFound();
  const text = formatLicenseKey(randomBytes(LICENSE_KEY_BYTES));
  const [key] = await app.db
    .insert(licenseKeys)
    .values({
      batchId: batch.id,
      keyHash: hashOf(text),
      hint: text.slice(-4),
      maxUses: body.max_use_times ?? batch.maxUseTimes,
      createdBy: scope.user.userId,
    })
    .returning();
  const [creator] = await app.db
    .select({ name: creatorName })
    .from(licenseKeys)
    .where(eq(licenseKeys.id, key.id));
  return { ...presentKey(key, batch), created_by: creator.name, key: text };
}

/** GET batch/:id/key: the batch's keys, newest first. */
export async function keyList(db: Db, batchId: number): Promise<{ list: LicenseKeyItem[] }> {
  const [batch] = await db.select().from(licenseBatches).where(eq(licenseBatches.id, batchId)).limit(1);
  if (!batch) throw notFound();
  const rows = await db
    .select({ key: licenseKeys, createdBy: creatorName })
    .from(licenseKeys)
    .where(eq(licenseKeys.batchId, batchId))
    .orderBy(desc(licenseKeys.createdAt), desc(licenseKeys.id));
  return { list: rows.map((row) => ({ ...presentKey(row.key, batch), created_by: row.createdBy })) };
}

// ── Wrong keys ─────────────────────────────────────────────────────────────────────────────────

type Attempt = { userId: number; ip: string };

/** 429001 while the user or the address entered LICENSE_KEY_ATTEMPTS wrong keys within the window. */
async function checkAttempts(db: Db, attempt: Attempt) {
  const since = new Date(Date.now() - LICENSE_KEY_WINDOW_MINUTES * MINUTE);
  const [user, address] = await Promise.all(
    [eq(licenseKeyFailures.userId, attempt.userId), eq(licenseKeyFailures.ip, attempt.ip)].map(
      async (who) =>
        (
          await db
            .select({
              count: sql<number>`count(*)`.mapWith(Number),
              oldest: min(licenseKeyFailures.createdAt),
            })
            .from(licenseKeyFailures)
            .where(and(who, gt(licenseKeyFailures.createdAt, since)))
        )[0],
    ),
  );
  const over = [user, address].filter((row) => row.count >= LICENSE_KEY_ATTEMPTS && row.oldest);
  if (over.length === 0) return;
  // The limit lifts when the oldest wrong key counted leaves the window.
  const until =
    Math.max(...over.map((row) => (row.oldest as Date).getTime())) + LICENSE_KEY_WINDOW_MINUTES * MINUTE;
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / MINUTE));
  throw new AppError(ResultCode.tooManyRequests, 'license.keyAttempts', { minutes }, { minutes });
}

/** Runs a use of a key: a wrong key is counted (outside the failed transaction) and answered as such. */
async function withAttempt<T>(db: Db, attempt: Attempt, run: () => Promise<T>): Promise<T> {
  await checkAttempts(db, attempt);
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'license.keyWrong') {
      await db.insert(licenseKeyFailures).values(attempt);
      // Old rows no longer count; dropping them keeps the table small.
      await db
        .delete(licenseKeyFailures)
        .where(lt(licenseKeyFailures.createdAt, new Date(Date.now() - LICENSE_KEY_WINDOW_MINUTES * MINUTE)));
    }
    throw error;
  }
}

// ── Searching and binding ──────────────────────────────────────────────────────────────────────

/**
 * The keys the caller may look at: the platform any; a customer a key of a batch it holds or that
 * bound one of its companies' devices; an owner (who may bind with any key it has) any.
 */
function keysOf(scope: TenantScope): SQL | undefined {
  const holder = holderOf(scope);
  if (!holder) return sql`false`;
  if (holder.kind !== 'customer') return undefined;
  return or(
    sql`exists (select 1 from ${licensePools} where ${licensePools.batchId} = ${licenseKeys.batchId}
      and ${licensePools.holderKind} = 'customer' and ${licensePools.holderId} = ${holder.id})`,
    sql`exists (select 1 from ${licenseKeyUses} inner join ${devices} on ${devices.id} = ${licenseKeyUses.deviceId}
      where ${licenseKeyUses.keyId} = ${licenseKeys.id} and ${visibleDevices(scope)})`,
  );
}

/** GET key: the key's batch, its uses and the devices in the caller's scope it bound. */
export function searchKey(db: Db, scope: TenantScope, text: string, ip: string): Promise<LicenseKeyDetail> {
  return withAttempt(db, { userId: scope.user.userId, ip }, async () => {
    const [found] = await db
      .select({ key: licenseKeys, batch: licenseBatches })
      .from(licenseKeys)
      .innerJoin(licenseBatches, eq(licenseBatches.id, licenseKeys.batchId))
      .where(and(eq(licenseKeys.keyHash, hashOf(text)), keysOf(scope)))
      .limit(1);
    if (!found) throw wrongKey();
    const bound = await db
      .select({
        id: devices.id,
        name: sql<string>`coalesce(${devices.name}, ${devices.signageId})`,
        at: licenseKeyUses.createdAt,
      })
      .from(licenseKeyUses)
      .innerJoin(devices, eq(devices.id, licenseKeyUses.deviceId))
      .where(and(eq(licenseKeyUses.keyId, found.key.id), visibleDevices(scope)))
      .orderBy(desc(licenseKeyUses.createdAt), desc(licenseKeyUses.id));
    return {
      ...presentKey(found.key, found.batch),
      devices: bound.map((row) => ({
        device_id: row.id,
        device_name: row.name,
        bound_at: row.at.toISOString(),
      })),
    };
  });
}

/**
 * POST key/bind: an owner uses a key to bind a licence to one of its devices, replacing the one it
 * held. The use is counted by a conditional UPDATE (uses < max), so of two concurrent uses of the
 * last one exactly one wins. Wrong key: 400 (counted); used up: 409005; batch expired: 409005.
 */
export function bindByKey(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof licenseKeyBindRequestSchema>,
  ip: string,
): Promise<LicenseBindResult> {
  if (holderOf(scope)?.kind !== 'company') throw notFound();
  return withAttempt(app.db, { userId: scope.user.userId, ip }, () =>
    app.db.transaction(async (tx) => {
      const deviceId = await lockDevice(tx, scope, body.device_id);
      const hash = hashOf(body.key);
      const [used] = await tx
        .update(licenseKeys)
        .set({ uses: sql`${licenseKeys.uses} + 1` })
        .where(and(eq(licenseKeys.keyHash, hash), lt(licenseKeys.uses, licenseKeys.maxUses)))
        .returning({ id: licenseKeys.id, batchId: licenseKeys.batchId });
      if (!used) {
        const [exists] = await tx
          .select({ id: licenseKeys.id })
          .from(licenseKeys)
          .where(eq(licenseKeys.keyHash, hash))
          .limit(1);
        throw exists ? new AppError(ResultCode.stateConflict, 'license.keyUsedUp') : wrongKey();
      }
      const [batch] = await tx.select().from(licenseBatches).where(eq(licenseBatches.id, used.batchId));
      const { result, transferId } = await bindFrom(tx, scope, deviceId, batch, PLATFORM);
      await tx.insert(licenseKeyUses).values({ keyId: used.id, deviceId, transferId });
      return result;
    }),
  );
}
