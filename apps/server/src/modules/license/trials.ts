import type {
  ListResult,
  TrialDevice,
  TrialTerms,
  TrialUsageItem,
  trialDeviceQuerySchema,
  trialUsageQuerySchema,
} from '@vitrine/contract';
import { TRIAL_DEFAULTS } from '@vitrine/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, deviceLicenses, devices, deviceTrials, licenseBatches } from '../../db/schema';
import { now } from '../../platform/clock';
import { forbidden } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import type { Claim, ClaimOutcome } from '../device';
import { readSettings, SYSTEM_SCOPE, writeSetting } from '../setting';
import { bindTo } from './bindings';
import { move, PLATFORM } from './ledger';

// Trials (docs/license.md "Trials"): a newly claimed screen gets a trial licence at once while its
// company has trials left under the platform's terms. Trial licences come from the platform's trial
// batch of that length ("trial-30d"): each trial mints one at the platform and binds it to the
// device, two ledger rows, so the pools stay the ledger's sums like every other licence.

const KEYS = { days: 'license_trial_days', limit: 'license_trial_limit' } as const;

/** The terms in force: the stored values, or the defaults for any not stored. */
export async function trialTerms(db: Db): Promise<TrialTerms> {
  const rows = await readSettings(db, [SYSTEM_SCOPE], Object.values(KEYS));
  const value = (field: keyof TrialTerms) => {
    const found = rows.find((row) => row.key === KEYS[field])?.value;
    return typeof found === 'number' ? found : TRIAL_DEFAULTS[field];
  };
  return { days: value('days'), limit: value('limit') };
}

/** PUT trial: system roles change the terms; an owner only reads them. */
export async function saveTrialTerms(app: FastifyInstance, scope: TenantScope, terms: TrialTerms) {
  if (!scope.isPlatform) throw forbidden();
  await app.db.transaction(async (tx) => {
    await writeSetting(tx, SYSTEM_SCOPE, KEYS.days, terms.days);
    await writeSetting(tx, SYSTEM_SCOPE, KEYS.limit, terms.limit);
  });
  return trialTerms(app.db);
}

/** The platform's trial batch of this length, made on first use (quantity grows with each trial). */
async function trialBatch(tx: Db, days: number) {
  const batchNo = `trial-${days}d`;
  // A concurrent first claim inserts the same number: the unique index makes the second wait and skip.
  await tx
    .insert(licenseBatches)
    .values({ type: 'trial', batchNo, validityType: 'days', effectDays: days, quantity: 0 })
    .onConflictDoNothing({ target: licenseBatches.batchNo });
  const [batch] = await tx
    .update(licenseBatches)
    .set({ quantity: sql`${licenseBatches.quantity} + 1` })
    .where(eq(licenseBatches.batchNo, batchNo))
    .returning();
  return batch;
}

/**
 * The claim hook: a device that never had a trial and holds no licence gets one while its company
 * has trials left. The company's row lock orders concurrent claims in one company, so the second
 * counts the first's trial and of two claims taking the last trial exactly one gets it. It is a
 * NO KEY UPDATE lock: each claim already holds the KEY SHARE lock its device row's company_id
 * reference takes, which a plain FOR UPDATE would wait on, deadlocking two claims.
 */
export async function grantTrial(tx: Db, claim: Claim): Promise<ClaimOutcome> {
  const [had] = await tx
    .select({ id: deviceTrials.id })
    .from(deviceTrials)
    .where(eq(deviceTrials.deviceId, claim.deviceId))
    .limit(1);
  const [holds] = await tx
    .select({ id: deviceLicenses.deviceId })
    .from(deviceLicenses)
    .where(eq(deviceLicenses.deviceId, claim.deviceId))
    .limit(1);
  if (had || holds) return { trial: 'none' };
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, claim.companyId))
    .for('no key update');
  const terms = await trialTerms(tx);
  const [{ used }] = await tx
    .select({ used: count() })
    .from(deviceTrials)
    .where(eq(deviceTrials.companyId, claim.companyId));
  if (used >= terms.limit) return { trial: 'exhausted' };
  const batch = await trialBatch(tx, terms.days);
  const minted = { batch, quantity: 1, actorId: claim.actorId };
  await move(tx, { ...minted, from: null, to: PLATFORM });
  const transferId = await move(tx, {
    ...minted,
    from: PLATFORM,
    to: { kind: 'device', id: claim.deviceId },
  });
  await bindTo(tx, claim.deviceId, batch, transferId, now());
  await tx.insert(deviceTrials).values({ deviceId: claim.deviceId, companyId: claim.companyId, transferId });
  return { trial: 'granted' };
}

/** GET trial/usage: trials used per company in the caller's scope (an owner: its own). */
export async function trialUsage(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof trialUsageQuerySchema>,
): Promise<ListResult<TrialUsageItem>> {
  const where = and(scope.companyFilter(companies.id), keywordFilter(query.keyword, companies.name));
  const counts = db
    .select({ companyId: deviceTrials.companyId, used: count().as('used') })
    .from(deviceTrials)
    .groupBy(deviceTrials.companyId)
    .as('trial_counts');
  const used = sql<number>`coalesce(${counts.used}, 0)`.mapWith(Number);
  const [terms, rows, [{ total }]] = await Promise.all([
    trialTerms(db),
    db
      .select({ company_id: companies.id, company_name: companies.name, used })
      .from(companies)
      .leftJoin(counts, eq(counts.companyId, companies.id))
      .where(where)
      .orderBy(
        ...orderOf(query.sort, { company_name: companies.name, used }, 'company_name,asc', companies.id),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { list: rows.map((row) => ({ ...row, limit: terms.limit })), total };
}

/** GET trial/device: the caller's devices holding a trial licence, soonest expiry first. */
export async function trialDevices(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof trialDeviceQuerySchema>,
): Promise<ListResult<TrialDevice>> {
  const where = and(
    isNotNull(devices.companyId),
    scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
    eq(licenseBatches.type, 'trial'),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        device_id: devices.id,
        device_name: sql<string>`coalesce(${devices.name}, ${devices.signageId})`,
        expiresAt: deviceLicenses.expiresAt,
      })
      .from(devices)
      .innerJoin(deviceLicenses, eq(deviceLicenses.deviceId, devices.id))
      .innerJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId))
      .where(where)
      .orderBy(...orderOf(query.sort, { expires_at: deviceLicenses.expiresAt }, 'expires_at,asc', devices.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: count() })
      .from(devices)
      .innerJoin(deviceLicenses, eq(deviceLicenses.deviceId, devices.id))
      .innerJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId))
      .where(where),
  ]);
  // A trial batch's licences always expire (validity `days`).
  return {
    list: rows.map(({ expiresAt, ...row }) => ({ ...row, expires_at: (expiresAt as Date).toISOString() })),
    total,
  };
}
