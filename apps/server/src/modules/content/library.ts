import {
  CONTENT_TYPE_PERMISSION,
  type ContentItem,
  type contentListQuerySchema,
  type ListResult,
  type Permission,
  ResultCode,
} from '@vitrine/contract';
import { and, type Column, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contentPages, contents, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { notifyProgramsChanged } from '../../platform/screen-changes';
import type { Caller, TenantScope } from '../../platform/tenancy';
import { enqueueProcessing, mediaKey, removeUnreferencedMedia } from '../media';
import { approvalOfEdit } from './approval-rules';
import { visibleFolder } from './folders';
import { type ContentRow, presentContent } from './presenter';

// The content library (/manager/resource): list, show, download, rename, move, and the recycle bin
// with restore and purge (websites and streams are made in links.ts). Every row is found through the caller's tenant scope (another
// tenant's id answers 404001), then the caller must hold the list permission of its type (403001).
// An item in use (platform/uses.ts) is neither renamed, edited nor deleted unless the delete detaches it.

/** Who calls: the request carries both. */

/** Items stay in the recycle bin this long, then the sweep purges them. */
export const BIN_DAYS = 30;
const DAY_MS = 86_400_000;

const reviewers = alias(users, 'reviewers');
const nameOf = (table: { nickname: Column; username: Column }) =>
  sql<string | null>`coalesce(nullif(${table.nickname}, ''), ${table.username})`;

const rowColumns = {
  ...getTableColumns(contents),
  uploaderName: nameOf(users),
  reviewerName: nameOf(reviewers),
};

/** Content rows with their uploader's and reviewer's names, as presentContent wants them. */
export const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(contents)
    .leftJoin(users, eq(users.id, contents.uploaderId))
    .leftJoin(reviewers, eq(reviewers.id, contents.reviewerId));

export const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId });

/** 403001 unless the caller holds the list permission of every one of these content types. */
export function assertTypes(caller: Caller, types: Iterable<number>) {
  for (const type of new Set(types)) {
    const key: Permission | undefined = CONTENT_TYPE_PERMISSION[type as keyof typeof CONTENT_TYPE_PERMISSION];
    if (key === undefined || !caller.permissions.includes(key)) throw forbidden();
  }
}

const SORT = {
  name: contents.name,
  size: contents.size,
  created_at: contents.createdAt,
  updated_at: contents.updatedAt,
};

/** GET resource: one type's items, in the library or (deleted=1) the recycle bin. */
export async function contentList(
  db: Db,
  caller: Caller,
  query: z.output<typeof contentListQuerySchema>,
): Promise<ListResult<ContentItem>> {
  assertTypes(caller, [query.type]);
  const where = and(
    visible(caller.scope),
    eq(contents.type, query.type),
    query.deleted === 1 ? isNotNull(contents.deletedAt) : isNull(contents.deletedAt),
    query.folder_id === undefined ? undefined : eq(contents.folderId, query.folder_id),
    query.uploader_id === undefined ? undefined : eq(contents.uploaderId, query.uploader_id),
    query.template_type_id === undefined ? undefined : eq(contents.templateTypeId, query.template_type_id),
    query.days === undefined
      ? undefined
      : gte(contents.createdAt, new Date(Date.now() - query.days * DAY_MS)),
    keywordFilter(query.keyword, contents.name),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', contents.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(contents)
      .where(where),
  ]);
  return { list: rows.map(presentContent), total };
}

async function visibleRow(db: Db, scope: TenantScope, id: number): Promise<ContentRow> {
  const [row] = await selectRows(db)
    .where(and(eq(contents.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** One item in the caller's scope, whatever its type (the upload's finish answers with it). */
export async function contentDetail(db: Db, scope: TenantScope, id: number): Promise<ContentItem> {
  return presentContent(await visibleRow(db, scope, id));
}

/** GET resource/:id. */
export async function contentItem(db: Db, caller: Caller, id: number): Promise<ContentItem> {
  const row = await visibleRow(db, caller.scope, id);
  assertTypes(caller, [row.type]);
  return presentContent(row);
}

/** GET resource/:id/uses: what uses the item. */
export async function contentItemUses(app: FastifyInstance, caller: Caller, id: number) {
  await contentItem(app.db, caller, id);
  return { id, uses: await app.uses.content.find(app.db, [id]) };
}

/** GET resource/:id/file: the storage key of the item's original file, with its name and type; 404001 for links. */
export async function contentFile(app: FastifyInstance, caller: Caller, id: number) {
  const row = await visibleRow(app.db, caller.scope, id);
  assertTypes(caller, [row.type]);
  if (row.hash === null) throw notFound();
  return { key: mediaKey(row.hash), name: row.name, mime: row.mime };
}

type Where = 'library' | 'bin';

/** The stored files an item refers to: its own, the one browsers play, its thumbnail, its pages. */
const fileHashes = sql<(string | null)[]>`array[${contents.hash}, ${contents.playableHash}, ${
  contents.thumbnailHash
}] || array(select ${contentPages.hash} from ${contentPages} where ${contentPages.contentId} = ${contents.id})`;

/**
 * Every one of these items, locked for the write: 404001 unless each is in the caller's scope and
 * in the library (or the bin), 403001 unless the caller may handle each one's type.
 */
export async function lockedItems(tx: Db, caller: Caller, ids: readonly number[], where: Where) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: contents.id,
      type: contents.type,
      companyId: contents.companyId,
      workspaceId: contents.workspaceId,
      approvalState: contents.approvalState,
      state: contents.state,
      hash: contents.hash,
      hashes: fileHashes,
    })
    .from(contents)
    .where(
      and(
        inArray(contents.id, unique),
        visible(caller.scope),
        where === 'bin' ? isNotNull(contents.deletedAt) : isNull(contents.deletedAt),
      ),
    )
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  assertTypes(
    caller,
    rows.map((row) => row.type),
  );
  return rows;
}

/** PATCH resource/:id: a new name, unless the item is in use (an edit: it may wait for approval again). */
export async function renameContent(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  name: string,
): Promise<ContentItem> {
  await app.db.transaction(async (tx) => {
    const [row] = await lockedItems(tx, caller, [id], 'library');
    await app.uses.content.assertUnused(tx, [id]);
    await tx
      .update(contents)
      .set({ name, ...(await approvalOfEdit(tx, caller, row)), updatedAt: new Date() })
      .where(eq(contents.id, id));
  });
  return contentDetail(app.db, caller.scope, id);
}

/**
 * POST resource/:id/reprocess: a failed upload processed again from its stored file. When that
 * file is gone (409005 content.fileGone), uploading the same bytes again repairs the item
 * (finishUpload).
 */
export async function reprocessContent(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ContentItem> {
  await app.db.transaction(async (tx) => {
    const [row] = await lockedItems(tx, caller, [id], 'library');
    if (row.state !== 'failed' || !row.hash)
      throw new AppError(ResultCode.stateConflict, 'content.notFailed');
    if (!(await app.storage.exists(mediaKey(row.hash)))) {
      throw new AppError(ResultCode.stateConflict, 'content.fileGone');
    }
    await tx
      .update(contents)
      .set({ state: 'processing', problem: null, updatedAt: new Date() })
      .where(eq(contents.id, id));
    await enqueueProcessing(app, id, tx);
  });
  return contentDetail(app.db, caller.scope, id);
}

/** POST resource/move: into a folder of the items' own workspace (400001 otherwise). */
export async function moveContent(
  app: FastifyInstance,
  caller: Caller,
  ids: readonly number[],
  folderId: number,
) {
  await app.db.transaction(async (tx) => {
    const rows = await lockedItems(tx, caller, ids, 'library');
    const folder = await visibleFolder(tx, caller.scope, folderId);
    if (rows.some((row) => row.workspaceId !== folder.workspaceId)) {
      throw new AppError(ResultCode.validation, 'content.otherWorkspace');
    }
    await tx
      .update(contents)
      .set({ folderId: folder.id, updatedAt: new Date() })
      .where(
        inArray(
          contents.id,
          rows.map((row) => row.id),
        ),
      );
  });
  return null;
}

/**
 * DELETE resource: to the recycle bin. Items in use are refused (409001) unless `detach`, which
 * first removes them from everything that uses them, in the same transaction (each use tells the
 * screens showing it; nothing else holds content in the bin).
 */
export async function deleteContent(
  app: FastifyInstance,
  caller: Caller,
  ids: readonly number[],
  detach: boolean,
) {
  await app.db.transaction(async (tx) => {
    const rows = await lockedItems(tx, caller, ids, 'library');
    const found = rows.map((row) => row.id);
    await app.uses.content.release(tx, found, detach);
    await tx.update(contents).set({ deletedAt: new Date() }).where(inArray(contents.id, found));
  });
  return null;
}

/**
 * POST resource/restore: back from the recycle bin into their folder (a folder is only deleted
 * once empty, bin included, so it is still there).
 */
export async function restoreContent(app: FastifyInstance, caller: Caller, ids: readonly number[]) {
  await app.db.transaction(async (tx) => {
    const restored = (await lockedItems(tx, caller, ids, 'bin')).map((row) => row.id);
    await tx.update(contents).set({ deletedAt: null }).where(inArray(contents.id, restored));
    // Programs leave binned content out; any still holding it plays it again.
    await notifyProgramsChanged(tx, { contents: restored });
  });
  return null;
}

/**
 * Deletes these rows (detached first: nothing may keep pointing at them), then the stored files
 * no other row refers to.
 */
async function purgeRows(
  app: FastifyInstance,
  pick: (tx: Db) => Promise<{ id: number; hashes: (string | null)[] }[]>,
) {
  const hashes = await app.db.transaction(async (tx) => {
    const rows = await pick(tx);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    await app.uses.content.detach(tx, ids);
    await tx.delete(contents).where(inArray(contents.id, ids));
    return rows.flatMap((row) => row.hashes.filter((hash): hash is string => hash !== null));
  });
  await removeUnreferencedMedia(app, hashes);
  return hashes;
}

/** DELETE resource/purge: items of the recycle bin, for good. */
export async function purgeContent(app: FastifyInstance, caller: Caller, ids: readonly number[]) {
  await purgeRows(app, (tx) => lockedItems(tx, caller, ids, 'bin'));
  return null;
}

const SWEEP_BATCH = 200;

/**
 * Purges what has been in the recycle bin for more than BIN_DAYS, a batch at a time; rows another
 * server process is purging are skipped. Returns how many went.
 */
export async function purgeExpiredBin(app: FastifyInstance): Promise<number> {
  let purged = 0;
  for (;;) {
    const before = new Date(Date.now() - BIN_DAYS * DAY_MS);
    let count = 0;
    await purgeRows(app, async (tx) => {
      const rows = await tx
        .select({
          id: contents.id,
          hashes: fileHashes,
        })
        .from(contents)
        .where(lt(contents.deletedAt, before))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      count = rows.length;
      return rows;
    });
    purged += count;
    if (count < SWEEP_BATCH) return purged;
  }
}
