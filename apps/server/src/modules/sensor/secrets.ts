import { ResultCode, type SensorSecret } from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, sensorDevices, sensors } from '../../db/schema';
import { publish } from '../../platform/bus';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { hashToken, newToken } from '../../platform/tokens';
import { lockedSensor } from './sensors';

// Networked sensors (docs/device-features.md "Networked sensors"): a sensor given a secret in the
// console calls POST /backend/sensor/read with it as Bearer and its sensor ID; the read is relayed
// over the bus to the sockets of the screens that listen to it, which take it as a tap. The secret
// is shown once, when made, and kept as its SHA-256 as the OTA keys are (platform/tokens).

const refused = () => new AppError(ResultCode.permission, 'sensor.secretRefused');

/** POST iot-device/:id/secret: a new secret (one it had stops working at once); in this answer only. */
export async function makeSensorSecret(db: Db, scope: TenantScope, id: number): Promise<SensorSecret> {
  const secret = newToken();
  await db.transaction(async (tx) => {
    await lockedSensor(tx, scope, id);
    await tx
      .update(sensors)
      .set({ secretHash: hashToken(secret), updatedAt: new Date() })
      .where(eq(sensors.id, id));
  });
  return { secret };
}

/** DELETE iot-device/:id/secret: its HTTP reads are refused from then on. */
export async function removeSensorSecret(db: Db, scope: TenantScope, id: number) {
  await db.transaction(async (tx) => {
    await lockedSensor(tx, scope, id);
    await tx.update(sensors).set({ secretHash: null, updatedAt: new Date() }).where(eq(sensors.id, id));
  });
  return null;
}

/**
 * POST /backend/sensor/read: the sensor the secret was made for, when it has this sensor ID (so in
 * the secret's own company: another company's tag of the same ID is another row with another
 * secret); 403001 for a missing or wrong secret. The read goes over the bus to the screens of its
 * company that listen to it; answers how many listen.
 */
export async function relaySensorRead(db: Db, secret: string | undefined, sensorId: string) {
  if (!secret) throw refused();
  const [sensor] = await db
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(eq(sensors.secretHash, hashToken(secret)), eq(sensors.sensorId, sensorId)))
    .limit(1);
  if (!sensor) throw refused();
  const screens = await db
    .select({ id: devices.id })
    .from(sensorDevices)
    .innerJoin(sensors, eq(sensors.id, sensorDevices.sensorId))
    .innerJoin(devices, and(eq(devices.id, sensorDevices.deviceId), eq(devices.companyId, sensors.companyId)))
    .where(eq(sensorDevices.sensorId, sensor.id));
  const deviceIds = screens.map((screen) => screen.id);
  if (deviceIds.length > 0) await publish(db, { type: 'sensor-read', deviceIds, sensorId });
  return { screens: deviceIds.length };
}
