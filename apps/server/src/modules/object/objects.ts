import { type Permission, ResultCode, type StoredObjectKind } from '@vitrine/contract';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { storedObjects } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Caller, TenantScope } from '../../platform/tenancy';
import { mediaUrl, removeUnreferencedMedia, storeSmallFile } from '../media';
import { BRAND_KEYS, readSettings, type SettingScope, SYSTEM_SCOPE } from '../setting';

// Stored objects: small images kept for an owner in media storage (by hash, one file per bytes),
// each served from its media URL. The owner comes from the caller's scope, never from the input:
// the system role owns the system's objects, a customer its own, a company's users their company's.

export type ObjectOwner = { customerId: number | null; companyId: number | null };
export type StoredObjectRow = typeof storedObjects.$inferSelect;

/** Whose objects the caller handles; a caller of no tenant owns none. */
export function ownerOf(scope: TenantScope): ObjectOwner {
  switch (scope.kind) {
    case 'platform':
      return { customerId: null, companyId: null };
    case 'customer':
      return { customerId: scope.customerId, companyId: null };
    case 'company':
    case 'workspace':
      return { customerId: null, companyId: scope.companyId };
    default:
      throw forbidden();
  }
}

/** The rows of exactly this owner (the system's have neither a customer nor a company). */
export function ownedBy(owner: ObjectOwner): SQL | undefined {
  return and(
    owner.customerId === null
      ? isNull(storedObjects.customerId)
      : eq(storedObjects.customerId, owner.customerId),
    owner.companyId === null ? isNull(storedObjects.companyId) : eq(storedObjects.companyId, owner.companyId),
  );
}

/** The key a caller needs to delete an object of this kind. */
const DELETE_KEY: Record<StoredObjectKind, Permission> = {
  'brand-logo': 'setting:sys:customer-logo',
  'brand-icon': 'setting:sys:customer-logo',
  'sensor-icon': 'device:sensor:del',
};

/** The setting a brand image of this kind is shown through. */
const BRAND_SETTING: Partial<Record<StoredObjectKind, string>> = {
  'brand-logo': BRAND_KEYS.logo,
  'brand-icon': BRAND_KEYS.icon,
};

export const objectUrl = (row: Pick<StoredObjectRow, 'hash'>) => mediaUrl(row.hash) as string;

/** The bytes of a data URL the contract has checked (an image of a sniffed type). */
export function bytesOfDataUrl(dataUrl: string): { mime: string; bytes: Buffer } {
  const comma = dataUrl.indexOf(',');
  const mime = dataUrl.slice('data:'.length, dataUrl.indexOf(';')).toLowerCase();
  return { mime, bytes: Buffer.from(dataUrl.slice(comma + 1), 'base64') };
}

/**
 * Stores these bytes as an object of `owner`. `replace` runs first in the same transaction and
 * deletes what the new object replaces, answering the rows it deleted; their files go once the
 * transaction is committed and nothing else keeps their bytes. Answers the new row.
 */
export async function storeObject(
  app: FastifyInstance,
  values: ObjectOwner & { kind: StoredObjectKind; sensorType?: string; mime: string; bytes: Buffer },
  replace: (tx: Db) => Promise<StoredObjectRow[]> = async () => [],
): Promise<StoredObjectRow> {
  const { bytes, ...rest } = values;
  let replaced: StoredObjectRow[] = [];
  const row = await storeSmallFile(app, bytes, async (tx, stored) => {
    replaced = await replace(tx);
    const [inserted] = await tx
      .insert(storedObjects)
      .values({ ...rest, hash: stored.hash, size: stored.size })
      .returning();
    return inserted;
  });
  await removeUnreferencedMedia(
    app,
    replaced.map((old) => old.hash),
  );
  return row;
}

/** Whether the brand setting of the object's owner shows it now (its URL is the value). */
async function shownAsBrand(db: Db, row: StoredObjectRow): Promise<boolean> {
  const key = BRAND_SETTING[row.kind as StoredObjectKind];
  if (key === undefined) return false;
  const scope: SettingScope =
    row.customerId === null ? SYSTEM_SCOPE : { scope: 'customer', id: row.customerId };
  const [setting] = await readSettings(db, [scope], [key]);
  return (setting?.value as { uri?: unknown } | undefined)?.uri === objectUrl(row);
}

/**
 * DELETE object/delete: an object of the caller's own, with the key its kind needs; another
 * owner's id answers 404001 like one that does not exist. The brand image shown now is refused
 * (409001): it is replaced or reset on the logo page, which deletes the old object itself.
 */
export async function deleteObject(app: FastifyInstance, caller: Caller, id: number) {
  const owner = ownerOf(caller.scope);
  const removed = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(storedObjects)
      .where(and(eq(storedObjects.id, id), ownedBy(owner)))
      .for('update')
      .limit(1);
    if (!row) throw notFound();
    if (!caller.permissions.includes(DELETE_KEY[row.kind as StoredObjectKind])) throw forbidden();
    if (await shownAsBrand(tx, row)) throw new AppError(ResultCode.inUse, 'object.inUse');
    await tx.delete(storedObjects).where(eq(storedObjects.id, row.id));
    return row;
  });
  await removeUnreferencedMedia(app, [removed.hash]);
  return null;
}
