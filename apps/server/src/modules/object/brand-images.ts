import type { CustomerLogo, CustomerLogoRequest, StoredObjectKind } from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { storedObjects } from '../../db/schema';
import { publish } from '../../platform/bus';
import { removeUnreferencedMedia, storeSmallFiles } from '../media';
import {
  BRAND_KEYS,
  type BrandUser,
  brandImages,
  brandScope,
  readSettings,
  type SettingScope,
  writeSetting,
} from '../setting';
import { bytesOfDataUrl, type ObjectOwner, objectUrl, ownedBy, type StoredObjectRow } from './objects';

// POST customer-logo: an uploaded logo or icon is kept as a stored object of the brand's owner (the
// system or the customer) and the setting holds its URL; a link is kept as it is. Replacing or
// resetting an image deletes the object it showed, in the same transaction.

const FIELDS = [
  { field: 'customer_logo', key: BRAND_KEYS.logo, kind: 'brand-logo' },
  { field: 'customer_icon', key: BRAND_KEYS.icon, kind: 'brand-icon' },
] as const satisfies readonly { field: keyof CustomerLogoRequest; key: string; kind: StoredObjectKind }[];

const ownerOfScope = (scope: SettingScope): ObjectOwner =>
  scope.scope === 'customer'
    ? { customerId: scope.id, companyId: null }
    : { customerId: null, companyId: null };

/** Deletes the owner's objects of this kind that the setting shows now; answers them. */
async function deleteShown(tx: Db, scope: SettingScope, key: string, kind: StoredObjectKind) {
  const [setting] = await readSettings(tx, [scope], [key]);
  const shown = (setting?.value as { uri?: unknown } | undefined)?.uri;
  if (typeof shown !== 'string') return [];
  const rows = await tx
    .select()
    .from(storedObjects)
    .where(and(ownedBy(ownerOfScope(scope)), eq(storedObjects.kind, kind)));
  const old = rows.filter((row) => objectUrl(row) === shown);
  for (const row of old) await tx.delete(storedObjects).where(eq(storedObjects.id, row.id));
  return old;
}

export async function saveBrandImages(
  app: FastifyInstance,
  user: BrandUser,
  body: CustomerLogoRequest,
): Promise<CustomerLogo> {
  const scope = brandScope(user);
  const owner = ownerOfScope(scope);
  const changes = FIELDS.flatMap((one) => {
    const value = body[one.field];
    if (value === undefined) return [];
    const upload = value?.startsWith('data:') ? bytesOfDataUrl(value) : null;
    return [{ ...one, value, upload }];
  });
  const uploads = changes.flatMap((change) => (change.upload ? [change.upload.bytes] : []));
  const replaced: StoredObjectRow[] = [];
  await storeSmallFiles(app, uploads, async (tx, stored) => {
    let next = 0;
    for (const change of changes) {
      replaced.push(...(await deleteShown(tx, scope, change.key, change.kind)));
      let uri = change.value;
      if (change.upload) {
        const file = stored[next++];
        const [row] = await tx
          .insert(storedObjects)
          .values({ ...owner, kind: change.kind, mime: change.upload.mime, hash: file.hash, size: file.size })
          .returning();
        uri = objectUrl(row);
      }
      await writeSetting(tx, scope, change.key, uri === null ? null : { uri });
    }
    await publish(tx, { type: 'brand-changed' });
  });
  await removeUnreferencedMedia(
    app,
    replaced.map((row) => row.hash),
  );
  return brandImages(app.db, user);
}
