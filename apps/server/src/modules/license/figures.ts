import { LICENSE_TYPES, type LicensePoolItem, type LicenseStatistic } from '@vitrine/contract';
import { and, count, eq, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceLicenses, devices, licenseBatches, licenseTransfers } from '../../db/schema';
import { now } from '../../platform/clock';
import { licenceExpired, licenceExpiring, licenceInForce, unlicensed } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';
import { holderOf, poolOfCaller } from './licenses';
import { remindThreshold } from './remind';

// The dashboard's licence figures (docs/license.md "Dashboard"): the pool figures are the pool
// call's (GET shunt / company-shunt, the platform's batch list) summed, so the dashboard says what
// the licence pages say; the device figures use the licence conditions of platform/licence-state.ts.

const DAY_MS = 86_400_000;

const totals = (pools: readonly LicensePoolItem[]) => ({
  quantity: pools.reduce((total, pool) => total + pool.quantity, 0),
  assigned: pools.reduce((total, pool) => total + pool.assigned, 0),
  available: pools.reduce((total, pool) => total + pool.available, 0),
});

/** Devices of the companies in scope holding a licence in force, by licence type. */
async function boundDevices(db: Db, scope: TenantScope, time: Date) {
  const rows = await db
    .select({ type: licenseBatches.type, count: count() })
    .from(deviceLicenses)
    .innerJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId))
    .innerJoin(devices, eq(devices.id, deviceLicenses.deviceId))
    .where(and(scope.companyFilter(devices.companyId), licenceInForce(time)))
    .groupBy(licenseBatches.type);
  return (type?: string) =>
    rows
      .filter((row) => type === undefined || row.type === type)
      .reduce((total, row) => total + row.count, 0);
}

/** What the platform passed to customers, by licence type (the ledger rows platform → customer). */
async function issuedToCustomers(db: Db) {
  const rows = await db
    .select({ type: licenseBatches.type, quantity: sum(licenseTransfers.quantity).mapWith(Number) })
    .from(licenseTransfers)
    .innerJoin(licenseBatches, eq(licenseBatches.id, licenseTransfers.batchId))
    .where(and(eq(licenseTransfers.fromKind, 'platform'), eq(licenseTransfers.toKind, 'customer')))
    .groupBy(licenseBatches.type);
  return (type: string) => rows.find((row) => row.type === type)?.quantity ?? 0;
}

/** The company's devices in scope by licence state, `expiring` within the reminder threshold. */
async function companyDevices(db: Db, scope: TenantScope, companyId: number, time: Date) {
  const threshold = await remindThreshold(db, { scope: 'company', scopeId: companyId });
  const filtered = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      licensed: filtered(sql`not ${unlicensed(time)}`),
      expiring: filtered(licenceExpiring(new Date(time.getTime() + threshold.days * DAY_MS), time)),
      expired: filtered(licenceExpired(time)),
      // No licence in force and none expired: never held one.
      unlicensed: filtered(sql`${unlicensed(time)} and not ${licenceExpired(time)}`),
    })
    .from(devices)
    .where(scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }));
  return { ...row, remind_days: threshold.days, remind_from: threshold.from };
}

/** GET dashboard/license-statistic: the licences of the caller's holder. */
export async function licenseStatistic(db: Db, scope: TenantScope): Promise<LicenseStatistic> {
  const holder = holderOf(scope);
  if (!holder || holder.kind === 'device') return { holder: 'none' };
  const time = now();
  const { list } = await poolOfCaller(db, scope);
  if (holder.kind === 'platform') {
    const [bound, customers] = await Promise.all([boundDevices(db, scope, time), issuedToCustomers(db)]);
    return {
      holder: 'platform',
      by_type: LICENSE_TYPES.map((type) => {
        const pools = totals(list.filter((pool) => pool.type === type));
        return {
          type,
          issued: pools.quantity,
          available: pools.available,
          customers: customers(type),
          devices: bound(type),
        };
      }),
    };
  }
  if (holder.kind === 'customer') {
    return { holder: 'customer', ...totals(list), devices: (await boundDevices(db, scope, time))() };
  }
  return { holder: 'company', ...totals(list), ...(await companyDevices(db, scope, holder.id, time)) };
}
