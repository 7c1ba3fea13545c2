import type { SensorIcon, SensorIconRequest } from '@vitrine/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companies, storedObjects } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { removeUnreferencedMedia } from '../media';
import { bytesOfDataUrl, objectUrl, type StoredObjectRow, storeObject } from './objects';

// Sensor-type icons (POST/GET/DELETE /manager/iot-device/icon): one stored object per company and
// sensor type, the company being the caller's own. Setting an icon replaces the type's old one.

/** The caller's company: only a company's users keep sensor icons. */
function companyOf(scope: TenantScope): number {
  if ((scope.kind !== 'company' && scope.kind !== 'workspace') || scope.companyId === null) throw forbidden();
  return scope.companyId;
}

const ofType = (companyId: number, type: string) =>
  and(
    eq(storedObjects.companyId, companyId),
    eq(storedObjects.kind, 'sensor-icon'),
    eq(storedObjects.sensorType, type),
  );

const presentIcon = (row: StoredObjectRow): SensorIcon => ({
  id: row.id,
  type: row.sensorType as string,
  url: objectUrl(row),
  mime: row.mime,
  size: row.size,
  created_at: row.createdAt.toISOString(),
});

/** GET iot-device/icon: the company's icons by type. */
export async function sensorIcons(db: Db, scope: TenantScope): Promise<SensorIcon[]> {
  const rows = await db
    .select()
    .from(storedObjects)
    .where(and(eq(storedObjects.companyId, companyOf(scope)), eq(storedObjects.kind, 'sensor-icon')))
    .orderBy(asc(storedObjects.sensorType), asc(storedObjects.id));
  return rows.map(presentIcon);
}

/** POST iot-device/icon: the type's icon, replacing (and deleting) the one it had. */
export async function saveSensorIcon(
  app: FastifyInstance,
  scope: TenantScope,
  body: SensorIconRequest,
): Promise<SensorIcon> {
  const companyId = companyOf(scope);
  const { mime, bytes } = bytesOfDataUrl(body.image);
  const row = await storeObject(
    app,
    { customerId: null, companyId, kind: 'sensor-icon', sensorType: body.type, mime, bytes },
    async (tx) => {
      // One change of a company's icons at a time: two saves of a type never both insert.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      return tx.delete(storedObjects).where(ofType(companyId, body.type)).returning();
    },
  );
  return presentIcon(row);
}

/** DELETE iot-device/icon: the type's icon and its object; a type without one answers 404001. */
export async function deleteSensorIcon(app: FastifyInstance, scope: TenantScope, type: string) {
  const companyId = companyOf(scope);
  const removed = await app.db.delete(storedObjects).where(ofType(companyId, type)).returning();
  if (removed.length === 0) throw notFound();
  await removeUnreferencedMedia(
    app,
    removed.map((row) => row.hash),
  );
  return null;
}
