import {
  type ListResult,
  ResultCode,
  type SensorDevice,
  type SensorItem,
  type SensorType,
  type sensorListQuerySchema,
  type sensorSaveRequestSchema,
} from '@vitrine/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { devices, sensorDevices, sensors } from '../../db/schema';
import { deleteInScope, lockedInScope } from '../../platform/bulk-delete';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { publishManifestChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace } from '../content';
import { visibleDevices } from '../device';
import { screensOfSensors } from './triggers';

// Sensors (/manager/iot-device, the /device/sensors page): kept per workspace and found through the
// caller's tenant scope (another tenant's id answers 404001). The sensor ID is unique per company
// (409006 "The sensor ID already exists"). Its screens are those of the caller's scope: a caller
// changes only the links to screens they see, and a link counts only while its screen is in the
// sensor's company.

type SensorInput = z.output<typeof sensorSaveRequestSchema>;
type SensorRow = typeof sensors.$inferSelect;

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: sensors.companyId, workspaceId: sensors.workspaceId });

const taken = () => new AppError(ResultCode.duplicate, 'sensor.taken');

/** The screens of these sensors the caller sees, by sensor. */
async function devicesOf(db: Db, scope: TenantScope, ids: readonly number[]) {
  const bySensor = new Map<number, SensorDevice[]>();
  if (ids.length === 0) return bySensor;
  const rows = await db
    .select({
      sensorId: sensorDevices.sensorId,
      id: devices.id,
      name: devices.name,
      signageId: devices.signageId,
    })
    .from(sensorDevices)
    .innerJoin(sensors, eq(sensors.id, sensorDevices.sensorId))
    .innerJoin(devices, and(eq(devices.id, sensorDevices.deviceId), eq(devices.companyId, sensors.companyId)))
    .where(and(inArray(sensorDevices.sensorId, [...ids]), visibleDevices(scope)))
    .orderBy(asc(devices.name), asc(devices.id));
  for (const row of rows) {
    const list = bySensor.get(row.sensorId) ?? [];
    list.push({ id: row.id, name: row.name, signage_id: row.signageId });
    bySensor.set(row.sensorId, list);
  }
  return bySensor;
}

const present = (row: SensorRow, screens: SensorDevice[]): SensorItem => ({
  id: row.id,
  sensor_id: row.sensorId,
  name: row.name,
  type: row.type as SensorType,
  workspace_id: row.workspaceId,
  devices: screens,
  has_secret: row.secretHash !== null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const SORT = {
  name: sensors.name,
  sensor_id: sensors.sensorId,
  type: sensors.type,
  created_at: sensors.createdAt,
};

/** GET iot-device: the sensors in scope, keyword over the name and the sensor ID, optionally of one type. */
export async function sensorList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof sensorListQuerySchema>,
): Promise<ListResult<SensorItem>> {
  const where = and(
    visible(scope),
    keywordFilter(query.keyword, sensors.name, sensors.sensorId),
    query.type ? eq(sensors.type, query.type) : undefined,
  );
  const page = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(sensors)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', sensors.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(sensors)
      .where(where),
  ]);
  const screens = await devicesOf(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => present(row, screens.get(row.id) ?? [])), total };
}

/** GET iot-device/:id. */
export async function sensorDetail(db: Db, scope: TenantScope, id: number): Promise<SensorItem> {
  const [row] = await db
    .select()
    .from(sensors)
    .where(and(eq(sensors.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  const screens = await devicesOf(db, scope, [id]);
  return present(row, screens.get(id) ?? []);
}

/** The claimed screens of the caller's scope among these ids, locked against a move: 404001 unless all are. */
async function screensInScope(tx: Db, scope: TenantScope, companyId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, unique), visibleDevices(scope), eq(devices.companyId, companyId)))
    .for('key share');
  if (found.length !== unique.length) throw new AppError(ResultCode.notFound, 'sensor.devices.notFound');
  return unique;
}

/** The caller's screens listen to the sensor: its links to other screens the caller sees go. */
async function linkScreens(tx: Db, scope: TenantScope, sensorId: number, screenIds: readonly number[]) {
  const seen = tx
    .select({ id: devices.id })
    .from(devices)
    .where(visibleDevices(scope) ?? sql`true`);
  await tx
    .delete(sensorDevices)
    .where(and(eq(sensorDevices.sensorId, sensorId), inArray(sensorDevices.deviceId, seen)));
  if (screenIds.length > 0) {
    await tx
      .insert(sensorDevices)
      .values(screenIds.map((deviceId) => ({ sensorId, deviceId })))
      .onConflictDoNothing();
  }
}

/** Whether another sensor of the company has this sensor ID. */
async function idTaken(tx: Db, companyId: number, sensorId: string, except?: number) {
  const [row] = await tx
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(eq(sensors.companyId, companyId), eq(sensors.sensorId, sensorId)))
    .limit(1);
  return row !== undefined && row.id !== except;
}

/** POST iot-device: into the active workspace; its screens in one transaction with it. */
export async function createSensor(app: FastifyInstance, scope: TenantScope, input: SensorInput) {
  let id: number;
  try {
    id = await app.db.transaction(async (tx) => {
      const workspace = await activeWorkspace(tx, scope);
      if (await idTaken(tx, workspace.companyId, input.sensor_id)) throw taken();
      const screens = await screensInScope(tx, scope, workspace.companyId, input.device_ids);
      const [row] = await tx
        .insert(sensors)
        .values({
          companyId: workspace.companyId,
          workspaceId: workspace.id,
          sensorId: input.sensor_id,
          name: input.name,
          type: input.type,
        })
        .returning({ id: sensors.id });
      await linkScreens(tx, scope, row.id, screens);
      await publishManifestChanged(tx, screens);
      return row.id;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? taken() : error;
  }
  return sensorDetail(app.db, scope, id);
}

/** The sensor in the caller's scope, locked for a change: 404001 when it is not. */
export async function lockedSensor(tx: Db, scope: TenantScope, id: number) {
  const [row] = await lockedInScope(
    tx,
    { table: sensors, id: sensors.id, visible: visible(scope), fields: { companyId: sensors.companyId } },
    [id],
  );
  return row;
}

/** PUT iot-device/:id: its ID, name, type and the caller's screens among those that listen. */
export async function updateSensor(app: FastifyInstance, scope: TenantScope, id: number, input: SensorInput) {
  try {
    await app.db.transaction(async (tx) => {
      const row = await lockedSensor(tx, scope, id);
      if (await idTaken(tx, row.companyId, input.sensor_id, id)) throw taken();
      const screens = await screensInScope(tx, scope, row.companyId, input.device_ids);
      const before = await screensOfSensors(tx, [id]);
      await tx
        .update(sensors)
        .set({ sensorId: input.sensor_id, name: input.name, type: input.type, updatedAt: new Date() })
        .where(eq(sensors.id, id));
      await linkScreens(tx, scope, id, screens);
      await publishManifestChanged(tx, [...before, ...screens]);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? taken() : error;
  }
  return sensorDetail(app.db, scope, id);
}

/**
 * DELETE iot-device: all in scope or none (404001), with their links, in one transaction; one that
 * triggers sensor schedules is refused (409001, data.uses naming them) unless `detach` takes it out
 * of them first (a schedule left without tags is withdrawn).
 */
export async function deleteSensors(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  await deleteInScope(
    app.db,
    {
      table: sensors,
      id: sensors.id,
      visible: visible(scope),
      uses: app.uses.sensor,
      deleteFirst: async (tx, found) => publishManifestChanged(tx, await screensOfSensors(tx, found)),
    },
    ids,
    detach,
  );
  return null;
}
