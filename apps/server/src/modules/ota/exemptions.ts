import type {
  ExemptionItem,
  exemptionCreateRequestSchema,
  exemptionListQuerySchema,
  ListResult,
  OtaValidation,
} from '@vitrine/contract';
import { and, asc, count, eq, exists, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { devices, otaExemptionDevices, otaExemptions, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { assertPlatform } from './platform-only';
import { userName } from './user-name';

// Validation exemptions (/manager/ota/validation-exemption, the /ota/validation-exemption page;
// docs/ota.md "Validation exemptions"): devices a plan does not skip for the named validation
// (model: the package is not for its model; version: it already runs that version or later).

type Row = typeof otaExemptions.$inferSelect;

async function present(
  db: Db,
  rows: readonly { row: Row; createdBy: string | null }[],
): Promise<ExemptionItem[]> {
  const ids = rows.map(({ row }) => row.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            exemptionId: otaExemptionDevices.exemptionId,
            id: devices.id,
            name: devices.name,
            signageId: devices.signageId,
          })
          .from(otaExemptionDevices)
          .innerJoin(devices, eq(devices.id, otaExemptionDevices.deviceId))
          .where(inArray(otaExemptionDevices.exemptionId, ids))
          .orderBy(asc(devices.name), asc(devices.id));
  return rows.map(({ row, createdBy }) => ({
    id: row.id,
    validation: row.validation as OtaValidation,
    description: row.description,
    devices: members
      .filter((member) => member.exemptionId === row.id)
      .map((member) => ({ id: member.id, name: member.name ?? '', signage_id: member.signageId })),
    created_by: createdBy,
    created_at: row.createdAt.toISOString(),
  }));
}

const listed = (db: Db) =>
  db
    .select({ row: otaExemptions, createdBy: userName })
    .from(otaExemptions)
    .leftJoin(users, eq(users.id, otaExemptions.createdBy));

/** GET ota/validation-exemption: newest first; keyword in the description or a device's name or signage ID. */
export async function exemptionList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof exemptionListQuerySchema>,
): Promise<ListResult<ExemptionItem>> {
  assertPlatform(scope);
  const deviceMatch = keywordFilter(query.keyword, devices.name, devices.signageId);
  const where = and(
    query.validation ? eq(otaExemptions.validation, query.validation) : undefined,
    query.keyword
      ? or(
          keywordFilter(query.keyword, otaExemptions.description),
          exists(
            db
              .select({ one: sql`1` })
              .from(otaExemptionDevices)
              .innerJoin(devices, eq(devices.id, otaExemptionDevices.deviceId))
              .where(and(eq(otaExemptionDevices.exemptionId, otaExemptions.id), deviceMatch)),
          ),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    listed(db)
      .where(where)
      .orderBy(
        ...orderOf(query.sort, { created_at: otaExemptions.createdAt }, 'created_at,desc', otaExemptions.id),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(otaExemptions).where(where),
  ]);
  return { list: await present(db, rows), total };
}

/** POST ota/validation-exemption: every device must be a claimed device (404001); one transaction. */
export async function createExemption(
  db: Db,
  scope: TenantScope,
  body: z.output<typeof exemptionCreateRequestSchema>,
): Promise<ExemptionItem> {
  assertPlatform(scope);
  const deviceIds = [...new Set(body.device_ids)];
  const id = await db.transaction(async (tx) => {
    const [{ found }] = await tx
      .select({ found: count() })
      .from(devices)
      .where(and(inArray(devices.id, deviceIds), isNotNull(devices.companyId)));
    if (found !== deviceIds.length) throw notFound();
    const [row] = await tx
      .insert(otaExemptions)
      .values({ validation: body.validation, description: body.description, createdBy: scope.user.userId })
      .returning({ id: otaExemptions.id });
    await tx
      .insert(otaExemptionDevices)
      .values(deviceIds.map((deviceId) => ({ exemptionId: row.id, deviceId })));
    return row.id;
  });
  const [item] = await present(db, await listed(db).where(eq(otaExemptions.id, id)));
  return item;
}

/** DELETE ota/validation-exemption: all or none (404001). Plans already created keep their devices. */
export async function deleteExemptions(db: Db, scope: TenantScope, ids: readonly number[]) {
  assertPlatform(scope);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(otaExemptions)
      .where(inArray(otaExemptions.id, unique))
      .returning({ id: otaExemptions.id });
    if (removed.length !== unique.length) throw notFound();
  });
  return null;
}

/** Device ids per query when reading a plan's exemptions (well below PostgreSQL's parameter limit). */
const CHUNK = 10_000;

/** The validations each of these devices is exempted from (for a plan's skips). */
export async function exemptionsOf(
  db: Db,
  deviceIds: readonly number[],
): Promise<Map<number, Set<OtaValidation>>> {
  const exempted = new Map<number, Set<OtaValidation>>();
  for (let start = 0; start < deviceIds.length; start += CHUNK) {
    const rows = await db
      .selectDistinct({ deviceId: otaExemptionDevices.deviceId, validation: otaExemptions.validation })
      .from(otaExemptionDevices)
      .innerJoin(otaExemptions, eq(otaExemptions.id, otaExemptionDevices.exemptionId))
      .where(inArray(otaExemptionDevices.deviceId, deviceIds.slice(start, start + CHUNK)));
    for (const { deviceId, validation } of rows) {
      const of = exempted.get(deviceId) ?? new Set<OtaValidation>();
      of.add(validation as OtaValidation);
      exempted.set(deviceId, of);
    }
  }
  return exempted;
}
