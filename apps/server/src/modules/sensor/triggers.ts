import { ResultCode } from '@vitrine/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, scheduleDevices, scheduleSensors, sensorDevices, sensors } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';

// What the other areas need of sensors: the schedule area checks and stores a sensor schedule's
// tags, the program area puts in each screen's manifest the sensor IDs it listens to and each
// sensor schedule's tags (docs/device-features.md "Sensors").

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: sensors.companyId, workspaceId: sensors.workspaceId });

/** These sensors are the caller's and of the company: 404001 unless all are. */
export async function assertSensorsInScope(
  tx: Db,
  scope: TenantScope,
  companyId: number,
  ids: readonly number[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await tx
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(inArray(sensors.id, unique), visible(scope), eq(sensors.companyId, companyId)))
    .for('key share');
  if (found.length !== unique.length) throw new AppError(ResultCode.notFound, 'sensor.notFound');
}

/** A sensor schedule's tags from now on (none for another type). */
export async function storeScheduleSensors(tx: Db, scheduleId: number, ids: readonly number[]) {
  await tx.delete(scheduleSensors).where(eq(scheduleSensors.scheduleId, scheduleId));
  if (ids.length > 0) {
    await tx
      .insert(scheduleSensors)
      .values([...new Set(ids)].map((sensorId) => ({ scheduleId, sensorId })))
      .onConflictDoNothing();
  }
}

/** A schedule's tags, for its detail. */
export function scheduleSensorList(db: Db, scheduleId: number) {
  return db
    .select({ id: sensors.id, sensor_id: sensors.sensorId, name: sensors.name })
    .from(scheduleSensors)
    .innerJoin(sensors, eq(sensors.id, scheduleSensors.sensorId))
    .where(eq(scheduleSensors.scheduleId, scheduleId))
    .orderBy(asc(sensors.name), asc(sensors.id));
}

/** The sensor IDs of these schedules' tags, by schedule (a tag of another company never counts). */
export async function sensorIdsBySchedule(db: Db, scheduleIds: readonly number[]) {
  const bySchedule = new Map<number, string[]>();
  if (scheduleIds.length === 0) return bySchedule;
  const rows = await db
    .select({
      scheduleId: scheduleSensors.scheduleId,
      sensorId: sensors.sensorId,
      companyId: sensors.companyId,
    })
    .from(scheduleSensors)
    .innerJoin(sensors, eq(sensors.id, scheduleSensors.sensorId))
    .where(inArray(scheduleSensors.scheduleId, [...scheduleIds]));
  for (const row of rows)
    bySchedule.set(row.scheduleId, [...(bySchedule.get(row.scheduleId) ?? []), row.sensorId]);
  return bySchedule;
}

/** The sensor IDs each of these screens listens to, of its own company only, sorted. */
export async function sensorIdsByDevice(db: Db, deviceIds: readonly number[]) {
  const byDevice = new Map<number, string[]>();
  if (deviceIds.length === 0) return byDevice;
  const rows = await db
    .select({ deviceId: sensorDevices.deviceId, sensorId: sensors.sensorId })
    .from(sensorDevices)
    .innerJoin(sensors, eq(sensors.id, sensorDevices.sensorId))
    .innerJoin(devices, and(eq(devices.id, sensorDevices.deviceId), eq(devices.companyId, sensors.companyId)))
    .where(inArray(sensorDevices.deviceId, [...deviceIds]))
    .orderBy(asc(sensors.sensorId));
  for (const row of rows) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row.sensorId]);
  return byDevice;
}

/**
 * The screens whose manifests these sensors are in: those listening to them, and those of the
 * schedules they trigger.
 */
export async function screensOfSensors(tx: Db, sensorIds: readonly number[]): Promise<number[]> {
  if (sensorIds.length === 0) return [];
  const ids = [...sensorIds];
  const [listening, scheduled] = await Promise.all([
    tx.select({ id: sensorDevices.deviceId }).from(sensorDevices).where(inArray(sensorDevices.sensorId, ids)),
    tx
      .select({ id: scheduleDevices.deviceId })
      .from(scheduleDevices)
      .innerJoin(scheduleSensors, eq(scheduleSensors.scheduleId, scheduleDevices.scheduleId))
      .where(inArray(scheduleSensors.sensorId, ids)),
  ]);
  return [...listening, ...scheduled].map((row) => row.id);
}
