import type { OtaDeviceState, OtaLogList, otaLogQuerySchema } from '@vitrine/contract';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, devices, otaPackages, otaPlanDevices, otaPlans, users } from '../../db/schema';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { visibleDevices } from '../device';
import { countPlanDevices } from './plans';
import { presentReason } from './reasons';
import { approvedRowsOf } from './upgrades';
import { userName } from './user-name';

// The approved history (/device/ota/log, docs/ota.md "The approved history"): every approved
// upgrade of a device the caller sees, newest approval first, whoever approved it (a platform
// plan, "Install now" or /device/ota). A device's rows follow its current owner's scope:
// unclaimed devices show nothing, and a company's roles see only what was approved since the
// device was claimed.

/** GET ota/log: by state, keyword (device name, signage ID) and approval time from..to. */
export async function otaLog(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof otaLogQuerySchema>,
): Promise<OtaLogList> {
  const where = and(
    visibleDevices(scope),
    // Approved, and for a company's roles approved since the device was claimed.
    approvedRowsOf(scope),
    query.state ? eq(otaPlanDevices.state, query.state) : undefined,
    keywordFilter(query.keyword, devices.name, devices.signageId),
    query.from ? gte(otaPlanDevices.approvedAt, new Date(query.from)) : undefined,
    query.to ? lte(otaPlanDevices.approvedAt, new Date(query.to)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        row: otaPlanDevices,
        name: devices.name,
        signageId: devices.signageId,
        companyName: companies.name,
        toVersion: otaPackages.version,
        approvedBy: userName,
      })
      .from(otaPlanDevices)
      .innerJoin(devices, eq(devices.id, otaPlanDevices.deviceId))
      .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
      .innerJoin(otaPackages, eq(otaPackages.id, otaPlans.packageId))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(users, eq(users.id, otaPlanDevices.approvedBy))
      .where(where)
      .orderBy(
        ...orderOf(
          query.sort,
          { approved_at: otaPlanDevices.approvedAt },
          'approved_at,desc',
          otaPlanDevices.planId,
        ),
        desc(otaPlanDevices.deviceId),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    countPlanDevices(db, where),
  ]);
  return {
    list: rows.map(({ row, ...device }) => ({
      plan_id: row.planId,
      device_id: row.deviceId,
      device_name: device.name ?? '',
      signage_id: device.signageId,
      company_name: scope.isPlatform ? device.companyName : null,
      from_version: row.fromVersion,
      to_version: device.toVersion,
      state: row.state as OtaDeviceState,
      ...presentReason(row),
      approved_by: device.approvedBy,
      approved_at: (row.approvedAt as Date).toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    })),
    total,
  };
}
