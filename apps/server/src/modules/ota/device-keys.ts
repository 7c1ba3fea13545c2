import {
  type DeviceKeyIssued,
  type DeviceKeyItem,
  type deviceKeyListQuerySchema,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, devices, otaDeviceKeys, users } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { hashToken, newToken } from '../../platform/tokens';
import { assertPlatform } from './platform-only';
import { userName } from './user-name';

// Device keys (/manager/ota/device-key, the /ota/device-key page; docs/ota.md "Device keys"): a
// device that has one downloads its packages only with it in X-Device-Key beside its token, so a
// leaked token alone fetches nothing. Shown when issued, kept as its SHA-256.

const SORT = {
  device_name: devices.name,
  issued_at: otaDeviceKeys.issuedAt,
  last_used_at: otaDeviceKeys.lastUsedAt,
};

/** GET ota/device-key: newest first; keyword in the device's name and signage ID. */
export async function deviceKeyList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof deviceKeyListQuerySchema>,
): Promise<ListResult<DeviceKeyItem>> {
  assertPlatform(scope);
  const where = keywordFilter(query.keyword, devices.name, devices.signageId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        row: otaDeviceKeys,
        name: devices.name,
        signageId: devices.signageId,
        companyName: companies.name,
        issuedBy: userName,
      })
      .from(otaDeviceKeys)
      .innerJoin(devices, eq(devices.id, otaDeviceKeys.deviceId))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(users, eq(users.id, otaDeviceKeys.issuedBy))
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'issued_at,desc', otaDeviceKeys.deviceId))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: count() })
      .from(otaDeviceKeys)
      .innerJoin(devices, eq(devices.id, otaDeviceKeys.deviceId))
      .where(where),
  ]);
  return {
    list: rows.map(({ row, ...device }) => ({
      device_id: row.deviceId,
      device_name: device.name ?? '',
      signage_id: device.signageId,
      company_name: device.companyName,
      issued_by: device.issuedBy,
      issued_at: row.issuedAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * POST ota/device-key: a new key for each device, claimed ones only (404001, nothing written); a
 * device that had one gets another and the old one stops working. The keys are in this answer only.
 */
export async function issueDeviceKeys(
  db: Db,
  scope: TenantScope,
  ids: readonly number[],
): Promise<DeviceKeyIssued> {
  assertPlatform(scope);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: devices.id, name: devices.name, signageId: devices.signageId })
      .from(devices)
      .where(and(inArray(devices.id, unique), isNotNull(devices.companyId)));
    if (found.length !== unique.length) throw notFound();
    const issuedAt = new Date();
    const keys = found.map((device) => ({ ...device, key: newToken() }));
    await tx
      .insert(otaDeviceKeys)
      .values(
        keys.map(({ id, key }) => ({
          deviceId: id,
          keyHash: hashToken(key),
          issuedBy: scope.user.userId,
          issuedAt,
        })),
      )
      .onConflictDoUpdate({
        target: otaDeviceKeys.deviceId,
        set: { keyHash: sql`excluded.key_hash`, issuedBy: scope.user.userId, issuedAt, lastUsedAt: null },
      });
    return {
      keys: keys.map(({ id, name, signageId, key }) => ({
        device_id: id,
        device_name: name ?? '',
        signage_id: signageId,
        key,
      })),
    };
  });
}

/** DELETE ota/device-key (device ids): all or none (404001); those devices download with their token alone again. */
export async function revokeDeviceKeys(db: Db, scope: TenantScope, ids: readonly number[]) {
  assertPlatform(scope);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(otaDeviceKeys)
      .where(inArray(otaDeviceKeys.deviceId, unique))
      .returning({ deviceId: otaDeviceKeys.deviceId });
    if (removed.length !== unique.length) throw notFound();
  });
  return null;
}

/**
 * A device's package download: one without a key passes on its token; one with a key only with
 * that key (403001 'ota.deviceKeyRefused' otherwise), whose use is recorded.
 */
export async function assertDeviceKey(db: Db, deviceId: number, key: string | undefined) {
  const [held] = await db
    .select({ keyHash: otaDeviceKeys.keyHash })
    .from(otaDeviceKeys)
    .where(eq(otaDeviceKeys.deviceId, deviceId));
  if (!held) return;
  if (!key || hashToken(key) !== held.keyHash)
    throw new AppError(ResultCode.permission, 'ota.deviceKeyRefused');
  await db.update(otaDeviceKeys).set({ lastUsedAt: new Date() }).where(eq(otaDeviceKeys.deviceId, deviceId));
}
