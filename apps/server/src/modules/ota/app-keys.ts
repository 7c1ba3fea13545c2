import {
  type AppKeyItem,
  type AppKeySecret,
  type appKeyCreateRequestSchema,
  type appKeyListQuerySchema,
  BROWSER_PLAYER_PACKAGE,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { otaAppKeys, users } from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { hashToken, newToken } from '../../platform/tokens';
import { assertPlatform } from './platform-only';
import { userName } from './user-name';

// App keys (/manager/ota/appkey, the /ota/appkey page; docs/ota.md "App keys"): a player
// application other than Vitrine's browser player says hello only with the key of its package.
// The secret is shown when created or rotated, and kept as its SHA-256.

type Row = typeof otaAppKeys.$inferSelect;

const present = (row: Row, createdBy: string | null): AppKeyItem => ({
  id: row.id,
  name: row.name,
  package: row.package,
  created_by: createdBy,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const SORT = {
  name: otaAppKeys.name,
  package: otaAppKeys.package,
  created_at: otaAppKeys.createdAt,
  last_used_at: otaAppKeys.lastUsedAt,
};

/** GET ota/appkey: newest first; keyword in name and package. */
export async function appKeyList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof appKeyListQuerySchema>,
): Promise<ListResult<AppKeyItem>> {
  assertPlatform(scope);
  const where = keywordFilter(query.keyword, otaAppKeys.name, otaAppKeys.package);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: otaAppKeys, createdBy: userName })
      .from(otaAppKeys)
      .leftJoin(users, eq(users.id, otaAppKeys.createdBy))
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', otaAppKeys.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(otaAppKeys).where(where),
  ]);
  return { list: rows.map(({ row, createdBy }) => present(row, createdBy)), total };
}

async function withSecret(db: Db, row: Row, secret: string): Promise<AppKeySecret> {
  const [{ createdBy }] = await db
    .select({ createdBy: userName })
    .from(otaAppKeys)
    .leftJoin(users, eq(users.id, otaAppKeys.createdBy))
    .where(eq(otaAppKeys.id, row.id));
  return { key: present(row, createdBy), secret };
}

const packageTaken = (pkg: string) => new AppError(ResultCode.duplicate, 'ota.appKeyTaken', { package: pkg });

/**
 * POST ota/appkey: one key per package (409006 'ota.appKeyTaken'); the browser player's own
 * package needs none (400001). The secret is in this answer only.
 */
export async function createAppKey(
  db: Db,
  scope: TenantScope,
  body: z.output<typeof appKeyCreateRequestSchema>,
): Promise<AppKeySecret> {
  assertPlatform(scope);
  if (body.package === BROWSER_PLAYER_PACKAGE) {
    throw new AppError(ResultCode.validation, 'validation.otaKey.package.format');
  }
  const secret = newToken();
  const [row] = await db
    .insert(otaAppKeys)
    .values({
      name: body.name,
      package: body.package,
      secretHash: hashToken(secret),
      createdBy: scope.user.userId,
    })
    .returning()
    .catch((error) => {
      throw isUniqueViolation(error) ? packageTaken(body.package) : error;
    });
  return withSecret(db, row, secret);
}

/** POST ota/appkey/:id/rotate: a new secret; the old one stops working at once. */
export async function rotateAppKey(db: Db, scope: TenantScope, id: number): Promise<AppKeySecret> {
  assertPlatform(scope);
  const secret = newToken();
  const [row] = await db
    .update(otaAppKeys)
    .set({ secretHash: hashToken(secret) })
    .where(eq(otaAppKeys.id, id))
    .returning();
  if (!row) throw notFound();
  return withSecret(db, row, secret);
}

/** DELETE ota/appkey: all or none (404001); players of those packages cannot say hello until a new key exists. */
export async function deleteAppKeys(db: Db, scope: TenantScope, ids: readonly number[]) {
  assertPlatform(scope);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(otaAppKeys)
      .where(inArray(otaAppKeys.id, unique))
      .returning({ id: otaAppKeys.id });
    if (removed.length !== unique.length) throw notFound();
  });
  return null;
}

/**
 * Whether a player application may say hello: the browser player (no package, or its own) always;
 * another only with the secret of its package's key, whose use is recorded.
 */
export async function appKeyAdmits(db: Db, pkg: string | undefined, secret: string | undefined) {
  if (pkg === undefined || pkg === BROWSER_PLAYER_PACKAGE) return true;
  if (!secret) return false;
  const used = await db
    .update(otaAppKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(otaAppKeys.package, pkg), eq(otaAppKeys.secretHash, hashToken(secret))))
    .returning({ id: otaAppKeys.id });
  return used.length > 0;
}
