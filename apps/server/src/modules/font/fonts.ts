import {
  type FontFormat,
  type FontItem,
  fontFormatOf,
  type fontListQuerySchema,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fonts, users } from '../../db/schema';
import { deleteInScope, lockedInScope } from '../../platform/bulk-delete';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import { keepsOwn, platformOrOwn } from '../../platform/platform-owned';
import type { Caller, TenantScope } from '../../platform/tenancy';
import {
  assertSpace,
  mediaUrl,
  nameOfFile,
  removeUnreferencedMedia,
  sniffMime,
  storeSmallFile,
} from '../media';

// Fonts (/manager/font): a platform font (no company) is uploaded by the platform roles and
// offered to every company; a company font is its company's only. Everybody who may pick fonts
// sees both; only the platform changes platform fonts, only the company its own (403001), and
// another company's font is not found (404001). A font in use (platform/uses.ts) is deleted only detached.

/** The format each sniffed MIME type is. */
const FORMAT_OF_MIME: Record<string, FontFormat> = {
  'font/ttf': 'ttf',
  'font/otf': 'otf',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
};

const rowColumns = {
  ...getTableColumns(fonts),
  uploaderName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
};
type FontRow = typeof fonts.$inferSelect & { uploaderName: string | null };

const selectRows = (db: Db) =>
  db.select(rowColumns).from(fonts).leftJoin(users, eq(users.id, fonts.uploaderId));

/** Platform fonts and those of the caller's company (the platform has none of its own). */
export const visibleFonts = (scope: TenantScope) => platformOrOwn(scope, fonts.companyId);

/** The platform changes platform fonts, a company its own; both need setting:font-manage. */
const mayEdit = (caller: Caller, row: { companyId: number | null }) =>
  keepsOwn(caller, 'setting:font-manage', row);

const presentFont = (caller: Caller, row: FontRow): FontItem => ({
  id: row.id,
  name: row.name,
  family: row.family,
  format: row.format as FontFormat,
  size: row.size,
  url: mediaUrl(row.hash) as string,
  platform: row.companyId === null,
  editable: mayEdit(caller, row),
  uploader_name: row.uploaderName,
  created_at: row.createdAt.toISOString(),
});

const SORT = { name: fonts.name, size: fonts.size, created_at: fonts.createdAt };

/** GET font: platform fonts and the company's, keyword over the name. */
export async function fontList(
  db: Db,
  caller: Caller,
  query: z.output<typeof fontListQuerySchema>,
): Promise<ListResult<FontItem>> {
  const where = and(visibleFonts(caller.scope), keywordFilter(query.keyword, fonts.name));
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: fonts,
      where,
      order: orderOf(query.sort, SORT, 'created_at,desc', fonts.id),
    },
    query,
  );
  return { list: rows.map((row) => presentFont(caller, row)), total };
}

async function fontItem(db: Db, caller: Caller, id: number): Promise<FontItem> {
  const [row] = await selectRows(db)
    .where(and(eq(fonts.id, id), visibleFonts(caller.scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentFont(caller, row);
}

/** The fonts the caller sees; changing one needs mayEdit (403001). */
const inScope = (caller: Caller) => ({
  table: fonts,
  id: fonts.id,
  visible: visibleFonts(caller.scope),
  fields: { companyId: fonts.companyId, hash: fonts.hash },
  check: (row: { companyId: number | null }) => {
    if (!mayEdit(caller, row)) throw forbidden();
  },
});

/**
 * POST font: a platform font from the platform roles, a company font from a company's members.
 * The name must end in a font's extension and the bytes be a font; a company font must fit the
 * company's storage.
 */
export async function uploadFont(app: FastifyInstance, caller: Caller, fileName: string, bytes: Buffer) {
  const { scope } = caller;
  if (!scope.isPlatform && scope.companyId === null) throw forbidden(); // a customer runs no fonts
  if (fontFormatOf(fileName) === undefined) {
    throw new AppError(ResultCode.validation, 'font.notSupported', { name: fileName });
  }
  const format = FORMAT_OF_MIME[(await sniffMime(bytes.subarray(0, 4100))) ?? ''];
  if (format === undefined)
    throw new AppError(ResultCode.validation, 'font.contentMismatch', { name: fileName });
  const id = await storeSmallFile(app, bytes, async (tx, stored) => {
    if (!scope.isPlatform) await assertSpace(tx, scope, stored.size);
    const [row] = await tx
      .insert(fonts)
      .values({
        companyId: scope.isPlatform ? null : scope.companyId,
        name: nameOfFile(fileName),
        format,
        hash: stored.hash,
        size: stored.size,
        uploaderId: scope.user.userId,
      })
      .returning({ id: fonts.id });
    return row.id;
  });
  return fontItem(app.db, caller, id);
}

/** PATCH font/:id. */
export async function renameFont(app: FastifyInstance, caller: Caller, id: number, name: string) {
  await app.db.transaction(async (tx) => {
    await lockedInScope(tx, inScope(caller), [id]);
    await tx.update(fonts).set({ name }).where(eq(fonts.id, id));
  });
  return fontItem(app.db, caller, id);
}

/**
 * DELETE font/:id: refused with 409001 and what uses it, unless `detach`: then what uses it falls
 * back to the default font in the same transaction. The file goes once nothing refers to it.
 */
export async function deleteFont(app: FastifyInstance, caller: Caller, id: number, detach: boolean) {
  const rows = await deleteInScope(app.db, { ...inScope(caller), uses: app.uses.font }, [id], detach);
  await removeUnreferencedMedia(
    app,
    rows.map((row) => row.hash),
  );
  return null;
}

/** 400001 'validation.font' unless the caller sees this font (the texts' font_id). */
export async function assertFontVisible(tx: Db, scope: TenantScope, id: number | null) {
  if (id === null) return;
  const [row] = await tx
    .select({ id: fonts.id })
    .from(fonts)
    .where(and(eq(fonts.id, id), visibleFonts(scope)))
    .limit(1);
  if (!row) throw new AppError(ResultCode.validation, 'validation.font');
}
