import {
  isStickerName,
  type ListResult,
  ResultCode,
  STICKER_MAX_SIDE,
  type StickerItem,
  type stickerListQuerySchema,
} from '@vitrine/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { stickers, users } from '../../db/schema';
import { deleteInScope, lockedInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace } from '../content';
import {
  assertSpace,
  mediaUrl,
  nameOfFile,
  readImageSize,
  removeUnreferencedMedia,
  sniffMime,
  storeSmallFile,
} from '../media';

// Stickers (/manager/sticker): small PNG, GIF (animated too) and WebP images kept per workspace
// like content, found through the caller's tenant scope (another tenant's id answers 404001).
// The file itself is served: they are small, no thumbnail is made.

/** What each sniffed MIME type is stored as (an animated PNG is a PNG to every browser). */
const MIME_OF: Record<string, string> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};

const rowColumns = {
  ...getTableColumns(stickers),
  uploaderName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
};
type StickerRow = typeof stickers.$inferSelect & { uploaderName: string | null };

const selectRows = (db: Db) =>
  db.select(rowColumns).from(stickers).leftJoin(users, eq(users.id, stickers.uploaderId));

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: stickers.companyId, workspaceId: stickers.workspaceId });

const presentSticker = (row: StickerRow): StickerItem => ({
  id: row.id,
  name: row.name,
  size: row.size,
  mime: row.mime,
  width: row.width,
  height: row.height,
  url: mediaUrl(row.hash) as string,
  uploader_name: row.uploaderName,
  created_at: row.createdAt.toISOString(),
});

const SORT = { name: stickers.name, size: stickers.size, created_at: stickers.createdAt };

/** GET sticker: the stickers in scope, keyword over the name. */
export async function stickerList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof stickerListQuerySchema>,
): Promise<ListResult<StickerItem>> {
  const where = and(visible(scope), keywordFilter(query.keyword, stickers.name));
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: stickers,
      where,
      order: orderOf(query.sort, SORT, 'created_at,desc', stickers.id),
    },
    query,
  );
  return { list: rows.map(presentSticker), total };
}

async function stickerItem(db: Db, scope: TenantScope, id: number): Promise<StickerItem> {
  const [row] = await selectRows(db)
    .where(and(eq(stickers.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentSticker(row);
}

/** POST sticker: into the active workspace, when name and bytes are an image of at most 1024 px a side. */
export async function uploadSticker(
  app: FastifyInstance,
  scope: TenantScope,
  fileName: string,
  bytes: Buffer,
) {
  if (!isStickerName(fileName))
    throw new AppError(ResultCode.validation, 'sticker.notSupported', { name: fileName });
  const mime = MIME_OF[(await sniffMime(bytes.subarray(0, 4100))) ?? ''];
  const size = mime === undefined ? null : await readImageSize(bytes, { firstFrame: true });
  if (mime === undefined || size === null) {
    throw new AppError(ResultCode.validation, 'sticker.contentMismatch', { name: fileName });
  }
  if (size.width > STICKER_MAX_SIDE || size.height > STICKER_MAX_SIDE) {
    throw new AppError(ResultCode.tooLarge, 'sticker.tooManyPixels');
  }
  const id = await storeSmallFile(app, bytes, async (tx, stored) => {
    const workspace = await activeWorkspace(tx, scope);
    await assertSpace(tx, scope, stored.size);
    const [row] = await tx
      .insert(stickers)
      .values({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        name: nameOfFile(fileName),
        hash: stored.hash,
        size: stored.size,
        mime,
        width: size.width,
        height: size.height,
        uploaderId: scope.user.userId,
      })
      .returning({ id: stickers.id });
    return row.id;
  });
  return stickerItem(app.db, scope, id);
}

/** The stickers of the caller's scope. */
const inScope = (scope: TenantScope) => ({
  table: stickers,
  id: stickers.id,
  visible: visible(scope),
  fields: { hash: stickers.hash },
});

/** PATCH sticker/:id. */
export async function renameSticker(app: FastifyInstance, scope: TenantScope, id: number, name: string) {
  await app.db.transaction(async (tx) => {
    await lockedInScope(tx, inScope(scope), [id]);
    await tx.update(stickers).set({ name }).where(eq(stickers.id, id));
  });
  return stickerItem(app.db, scope, id);
}

/**
 * DELETE sticker: stickers in use are refused (409001) unless `detach`, like content; the files
 * go once nothing refers to them.
 */
export async function deleteStickers(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  const rows = await deleteInScope(app.db, { ...inScope(scope), uses: app.uses.sticker }, ids, detach);
  await removeUnreferencedMedia(
    app,
    rows.map((row) => row.hash),
  );
  return null;
}
