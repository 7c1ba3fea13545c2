import {
  DASHBOARD_TOP_VERSIONS,
  DeviceStatus,
  OLDEST_PLAYER_VERSION,
  type OtaCount,
  type OtaDeviceList,
  type OtaDeviceState,
  type OtaStatistic,
  type otaDeviceListQuerySchema,
} from '@vitrine/contract';
import { and, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deviceModels, devices, otaPackageModels, otaPackages, otaPlanDevices } from '../../db/schema';
import { cappedTotal, keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { visibleDevices } from '../device';
import { reportedVersion, reportedVersionKey, versionSortKey } from './versions';

// Where each screen stands (docs/ota.md "Versions and the upgrade list"). A device's newest
// compatible package is the newest package targeting its model whose version is above the one it
// reports; a device that reports none counts as the oldest player. Built-in rows target no model:
// a browser screen runs the build its server serves, so only uploaded packages are ever offered.
// Everything is one query per page or count, the comparison done in SQL on the sort keys.

const OLDEST_KEY = versionSortKey(OLDEST_PLAYER_VERSION);

/** The version key a device stands at: the one it reports, else the oldest player's. */
const deviceKey = sql`coalesce(${reportedVersionKey(devices.systemVersion)}, ${OLDEST_KEY})`;

/** The packages for the outer row's device that are newer than its version. */
const newerPackages = (db: Db) =>
  db
    .select({ id: otaPackages.id })
    .from(otaPackageModels)
    .innerJoin(otaPackages, eq(otaPackages.id, otaPackageModels.packageId))
    .where(
      and(
        eq(otaPackageModels.modelId, devices.modelId),
        sql`${otaPackages.versionKey} collate "C" > ${deviceKey} collate "C"`,
      ),
    );

/** Whether a newer compatible package exists for the outer row's device. */
const upgradable = (db: Db) => exists(newerPackages(db));

const newest = alias(otaPackages, 'newest');

/** The newest package id for the outer row's device, null if none is newer. */
const newestPackageId = (db: Db) =>
  sql`(${newerPackages(db)
    .orderBy(desc(sql`${otaPackages.versionKey} collate "C"`))
    .limit(1)})`;

/**
 * The outer row's device's history in the caller's eyes (docs/ota.md "The approved history"):
 * its approved rows; for a company's roles only those approved since the device was claimed, so a
 * device moved to another company brings none of its previous owner's upgrades along.
 */
export const approvedRowsOf = (scope: TenantScope): SQL =>
  and(
    eq(otaPlanDevices.deviceId, devices.id),
    sql`${otaPlanDevices.approvedAt} is not null`,
    scope.isPlatform
      ? undefined
      : sql`${otaPlanDevices.approvedAt} >= coalesce(${devices.claimedAt}, '-infinity')`,
  ) as SQL;

/** The state of the outer row's device in its newest approved upgrade (null: none). */
const upgradeState = (db: Db, scope: TenantScope) =>
  sql<OtaDeviceState | null>`(${db
    .select({ state: otaPlanDevices.state })
    .from(otaPlanDevices)
    .where(approvedRowsOf(scope))
    .orderBy(desc(otaPlanDevices.planId))
    .limit(1)})`;

const SORT = {
  device_name: devices.name,
  signage_id: devices.signageId,
  status: devices.status,
  created_at: devices.createdAt,
};

/** GET ota/device: the caller's devices with their version and newest compatible package. */
export async function otaDeviceList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof otaDeviceListQuerySchema>,
): Promise<OtaDeviceList> {
  const where = and(
    visibleDevices(scope),
    keywordFilter(query.keyword, devices.name, devices.signageId, devices.mac, devices.systemVersion),
    query.upgradable === 1 ? upgradable(db) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: devices.id,
        signageId: devices.signageId,
        name: devices.name,
        modelId: devices.modelId,
        modelName: deviceModels.name,
        systemVersion: devices.systemVersion,
        status: devices.status,
        newestId: newest.id,
        newestVersion: newest.version,
        upgradeState: upgradeState(db, scope),
      })
      .from(devices)
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .leftJoin(newest, eq(newest.id, newestPackageId(db)))
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', devices.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    cappedTotal(db, devices, where),
  ]);
  return {
    list: rows.map((row) => ({
      device_id: row.id,
      signage_id: row.signageId,
      device_name: row.name ?? '',
      model_id: row.modelId,
      model_name: row.modelName,
      system_version: row.systemVersion,
      online: row.status === DeviceStatus.online,
      newest_version: row.newestVersion,
      newest_package_id: row.newestId,
      upgrade_state: row.upgradeState,
    })),
    ...counted,
  };
}

/**
 * These devices of the caller's, locked for an upgrade's approval, with their newest compatible
 * package (null: up to date) and what a plan needs of them.
 */
export const devicesToUpgrade = (db: Db, scope: TenantScope, ids: readonly number[]) =>
  db
    .select({
      id: devices.id,
      name: devices.name,
      modelId: devices.modelId,
      systemVersion: devices.systemVersion,
      newestId: newest.id,
      newestVersion: newest.version,
    })
    .from(devices)
    .leftJoin(newest, eq(newest.id, newestPackageId(db)))
    .where(and(inArray(devices.id, [...ids]), visibleDevices(scope)))
    .orderBy(devices.id)
    .for('update', { of: devices });

const upgradableCount = (db: Db, scope: TenantScope): Promise<number> =>
  db
    .select({ total: count() })
    .from(devices)
    .where(and(visibleDevices(scope), upgradable(db)))
    .then(([row]) => row.total);

/** GET ota/count: how many of the caller's devices a newer compatible package exists for. */
export async function otaCount(db: Db, scope: TenantScope): Promise<OtaCount> {
  return { upgradable_device_count: await upgradableCount(db, scope) };
}

/** The dashboard's ota-statistic: the caller's devices by reported version, upgradable, packages. */
export async function otaStatistic(db: Db, scope: TenantScope): Promise<OtaStatistic> {
  const version = reportedVersion(devices.systemVersion);
  const [rows, upgradableDevices, packages] = await Promise.all([
    db
      .select({ version: sql<string | null>`${version}`.as('version'), count: count() })
      .from(devices)
      .where(visibleDevices(scope))
      .groupBy(sql`1`),
    upgradableCount(db, scope),
    // Packages are the platform's (docs/ota.md "Who may do what"): others are not told how many.
    scope.isPlatform
      ? db
          .select({ total: count() })
          .from(otaPackages)
          .then(([row]) => row.total)
      : null,
  ]);
  const sorted = [...rows].sort(
    (a, b) => b.count - a.count || String(a.version).localeCompare(String(b.version)),
  );
  const named = sorted.filter((row) => row.version).slice(0, DASHBOARD_TOP_VERSIONS);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const rest = total - named.reduce((sum, row) => sum + row.count, 0);
  return {
    total,
    upgradable: upgradableDevices,
    packages,
    by_version: [
      ...named.map((row) => ({ version: row.version, count: row.count })),
      ...(rest > 0 ? [{ version: null, count: rest }] : []),
    ],
  };
}
