import {
  type ContentType,
  type DeviceModelFields,
  type DeviceModelItem,
  type deviceModelListQuerySchema,
  type ListResult,
  ResultCode,
  UNKNOWN_MODEL_DEVICES,
  UNKNOWN_MODEL_LIMIT,
  type UnknownModel,
} from '@vitrine/contract';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type DeviceModelRow, deviceModels, devices } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';

// Device models (/manager/device-model, the /setting/model page): one catalogue for the platform,
// written by the platform roles (setting:model-manage). A name is unique case aside, so a name a
// player reports matches one model at most; a model devices are of is not deleted (409001).

/** Claimed devices in the caller's scope (the platform roles see them all). */
const visibleDevices = (scope: TenantScope) =>
  and(
    isNotNull(devices.companyId),
    scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
  );

const deviceCount = (scope: TenantScope) =>
  sql<number>`(select count(*) from ${devices} where ${and(
    eq(devices.modelId, deviceModels.id),
    visibleDevices(scope),
  )})`.mapWith(Number);

const present = (row: DeviceModelRow & { deviceCount: number }): DeviceModelItem => ({
  id: row.id,
  name: row.name,
  vendor: row.vendor,
  width: row.width,
  height: row.height,
  orientation: row.orientation,
  media_types: row.mediaTypes,
  features: row.features,
  player_name: row.playerName,
  player_version: row.playerVersion,
  device_count: row.deviceCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const columnsOf = (fields: DeviceModelFields) => ({
  name: fields.name,
  vendor: fields.vendor,
  width: fields.width,
  height: fields.height,
  orientation: fields.orientation,
  mediaTypes: [...fields.media_types] as ContentType[],
  features: [...fields.features],
  playerName: fields.player_name,
  playerVersion: fields.player_version,
});

const selectModels = (db: Db, scope: TenantScope) =>
  db.select({ ...getTableColumns(deviceModels), deviceCount: deviceCount(scope) }).from(deviceModels);

const SORT = {
  name: deviceModels.name,
  vendor: deviceModels.vendor,
  created_at: deviceModels.createdAt,
  updated_at: deviceModels.updatedAt,
};

/** GET device-model: keyword over name, vendor and player. */
export async function modelList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof deviceModelListQuerySchema>,
): Promise<ListResult<DeviceModelItem>> {
  const where = keywordFilter(query.keyword, deviceModels.name, deviceModels.vendor, deviceModels.playerName);
  const [rows, [{ total }]] = await Promise.all([
    selectModels(db, scope)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'name,asc', deviceModels.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(deviceModels).where(where),
  ]);
  return { list: rows.map(present), total };
}

/** GET device-model/:id. */
export async function modelItem(db: Db, scope: TenantScope, id: number): Promise<DeviceModelItem> {
  const [row] = await selectModels(db, scope).where(eq(deviceModels.id, id)).limit(1);
  if (!row) throw notFound();
  return present(row);
}

/** The model whose name this is, case aside (a subquery: null when none). */
export const modelNamed = (name: string | null): SQL =>
  sql`(select ${deviceModels.id} from ${deviceModels} where lower(${deviceModels.name}) = lower(${name}))`;

/**
 * A device's model_id as a report updates it: matched again when the reported name changed, kept
 * when it did not (a model assigned by hand stays while the device reports the same name).
 */
export const rematchedModelId = (name: string | null): SQL =>
  sql`case when ${devices.deviceModel} is not distinct from ${name} then ${devices.modelId} else ${modelNamed(name)} end`;

/** 404001 unless the model exists; locked against its deletion until the write commits. */
export async function assertModel(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(eq(deviceModels.id, id))
    .for('share');
  if (!row) throw notFound();
}

/** 409001 'deviceModel.nameTaken' when another model has this name, case aside. */
async function assertNameFree(tx: Db, name: string, except?: number) {
  // One writer of names at a time: two cannot add the same one (the unique index is the backstop).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('device-model-name', 0))`);
  const [taken] = await tx
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(
      and(
        sql`lower(${deviceModels.name}) = lower(${name})`,
        except === undefined ? undefined : ne(deviceModels.id, except),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(ResultCode.inUse, 'deviceModel.nameTaken');
}

/** Devices reporting this name with no model yet are of it from now on. */
const adoptReporting = (tx: Db, id: number, name: string) =>
  tx
    .update(devices)
    .set({ modelId: id })
    .where(and(isNull(devices.modelId), sql`lower(${devices.deviceModel}) = lower(${name})`));

/** POST device-model. */
export async function createModel(app: FastifyInstance, scope: TenantScope, fields: DeviceModelFields) {
  const id = await app.db.transaction(async (tx) => {
    await assertNameFree(tx, fields.name);
    const [row] = await tx.insert(deviceModels).values(columnsOf(fields)).returning({ id: deviceModels.id });
    await adoptReporting(tx, row.id, fields.name);
    return row.id;
  });
  return modelItem(app.db, scope, id);
}

/** PUT device-model/:id: every field anew. */
export async function editModel(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: DeviceModelFields,
) {
  await app.db.transaction(async (tx) => {
    await assertNameFree(tx, fields.name, id);
    const [row] = await tx
      .update(deviceModels)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(eq(deviceModels.id, id))
      .returning({ id: deviceModels.id });
    if (!row) throw notFound();
    await adoptReporting(tx, id, fields.name);
  });
  return modelItem(app.db, scope, id);
}

/**
 * DELETE device-model: all of these ids must exist (404001, nothing goes), and none may be the
 * model of a device (409001 'deviceModel.inUse' naming the first): assign those another first.
 */
export async function deleteModels(app: FastifyInstance, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const held = await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: deviceModels.id })
      .from(deviceModels)
      .where(inArray(deviceModels.id, unique))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    const [used] = await tx
      .select({ name: deviceModels.name, count: count() })
      .from(devices)
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(inArray(devices.modelId, unique))
      .groupBy(deviceModels.id, deviceModels.name)
      .orderBy(deviceModels.name)
      .limit(1);
    if (used)
      throw new AppError(ResultCode.inUse, 'deviceModel.inUse', { name: used.name, count: used.count });
    // Their startup media go with them (the cascade): their files after the commit.
    const files = await app.ownerFiles.held(tx, 'model', unique);
    await tx.delete(deviceModels).where(inArray(deviceModels.id, unique));
    return files;
  });
  await app.ownerFiles.release(held);
  return null;
}

/** GET device-model/unknown: names claimed devices report that no model has, the most common first. */
export async function unknownModels(db: Db, scope: TenantScope): Promise<UnknownModel[]> {
  const key = sql`lower(${devices.deviceModel})`;
  const rows = await db
    .select({
      name: sql<string>`min(${devices.deviceModel})`,
      deviceCount: count(),
      deviceIds: sql<
        number[]
      >`(array_agg(${devices.id} order by ${devices.id}))[1:${sql.raw(String(UNKNOWN_MODEL_DEVICES))}]`,
    })
    .from(devices)
    .where(and(isNull(devices.modelId), isNotNull(devices.deviceModel), visibleDevices(scope)))
    .groupBy(key)
    .orderBy(desc(count()), key)
    .limit(UNKNOWN_MODEL_LIMIT);
  return rows.map((row) => ({ name: row.name, device_count: row.deviceCount, device_ids: row.deviceIds }));
}
