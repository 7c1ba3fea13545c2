import {
  createsLoop,
  type Language,
  type ListResult,
  MAX_NAME_LENGTH,
  ownSeconds,
  type PlaylistDetail,
  type PlaylistFields,
  type PlaylistItemFields,
  type PlaylistSummary,
  type playlistListQuerySchema,
  playlistTotals,
  ResultCode,
  type TimedItem,
  translate,
} from '@vitrine/contract';
import {
  and,
  asc,
  type Column,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client';
import { contents, contentTexts, playlistItems, playlists, users, workspaces } from '../../db/schema';
import { deleteInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { notifyProgramChanged, notifyProgramsChanged } from '../../platform/screen-changes';
import { subtreeOf, type TenantScope } from '../../platform/tenancy';
import { activeWorkspace, assertApproved } from '../content';
import { type ItemRow, type PlaylistRow, presentItem, presentSummary } from './presenter';

// Playlists (/manager/playlist): ordered items of library content, text messages and other
// playlists, kept per workspace like content and found through the caller's tenant scope (another
// tenant's id answers 404001). An item may name only what anyone who sees the playlist may see:
// content (ready, not in the recycle bin), texts and playlists of the playlist's own workspace or
// the workspaces below it. Nesting never makes a playlist contain itself (409004 'playlist.loop').
// Every write is one transaction that first takes its company's playlist lock, so two saves can
// never close a loop between them.

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: playlists.companyId, workspaceId: playlists.workspaceId });

const rowColumns = {
  ...getTableColumns(playlists),
  creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
  itemCount:
    sql<number>`(select count(*) from ${playlistItems} where ${playlistItems.playlistId} = ${playlists.id})`.mapWith(
      Number,
    ),
};

const selectRows = (db: Db) =>
  db.select(rowColumns).from(playlists).leftJoin(users, eq(users.id, playlists.creatorId));

/** Serializes the playlist writes of one company (taken before any row lock). */
async function lockCompany(tx: Db, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`playlists:${companyId}`}, 0))`);
}

// ── Durations and thumbnails ─────────────────────────────────────────────────────────────────

/** The items of these playlists and of every playlist nested in them, timed; one entry per playlist. */
async function timedItems(db: Db, ids: readonly number[]): Promise<Map<number, TimedItem[]>> {
  const items = new Map<number, TimedItem[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return items;
  const rows = rowsOf<{
    playlist_id: number;
    child_playlist_id: number | null;
    duration: number | null;
    type: number | null;
    media_duration: number | null;
  }>(
    await db.execute(sql`
      with recursive reach(id) as (
        select ${playlists.id} from ${playlists} where ${inArray(playlists.id, [...ids])}
        union
        select i.child_playlist_id from ${playlistItems} i join reach on i.playlist_id = reach.id
        where i.child_playlist_id is not null
      )
      select i.playlist_id, i.child_playlist_id, i.duration, c.type, c.duration as media_duration
      from ${playlistItems} i join reach on i.playlist_id = reach.id
      left join ${contents} c on c.id = i.content_id
      order by i.playlist_id, i.position, i.id`),
  );
  for (const row of rows) {
    const list = items.get(row.playlist_id) ?? [];
    list.push({
      duration: row.duration,
      own: row.type === null ? null : ownSeconds(row.type, row.media_duration),
      child: row.child_playlist_id,
    });
    items.set(row.playlist_id, list);
  }
  return items;
}

/** Each playlist's total seconds, nested playlists included. */
async function totalsOf(db: Db, ids: readonly number[]) {
  return playlistTotals(await timedItems(db, ids));
}

/** The thumbnail of each playlist's first item that has one. */
async function thumbnailsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([playlistItems.playlistId], {
      playlistId: playlistItems.playlistId,
      hash: contents.thumbnailHash,
    })
    .from(playlistItems)
    .innerJoin(contents, eq(contents.id, playlistItems.contentId))
    .where(and(inArray(playlistItems.playlistId, [...ids]), isNotNull(contents.thumbnailHash)))
    .orderBy(playlistItems.playlistId, playlistItems.position, playlistItems.id);
  return new Map(rows.map((row) => [row.playlistId, row.hash as string]));
}

/** These rows as the list shows them, in their order. */
async function summaries(db: Db, rows: readonly PlaylistRow[]): Promise<PlaylistSummary[]> {
  const ids = rows.map((row) => row.id);
  const [totals, thumbnails] = await Promise.all([totalsOf(db, ids), thumbnailsOf(db, ids)]);
  return rows.map((row) => presentSummary(row, totals.get(row.id) ?? 0, thumbnails.get(row.id) ?? null));
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────

const SORT = {
  name: playlists.name,
  created_at: playlists.createdAt,
  updated_at: playlists.updatedAt,
};

/**
 * GET playlist: the playlists in scope, keyword over the name, by orientation. Sorting by duration
 * (worked out, not stored) times every playlist that matches, then pages.
 */
export async function playlistList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof playlistListQuerySchema>,
): Promise<ListResult<PlaylistSummary>> {
  const where = and(
    visible(scope),
    keywordFilter(query.keyword, playlists.name),
    query.orientation === undefined ? undefined : eq(playlists.orientation, query.orientation),
  );
  const { limit, offset } = pageOf(query);
  if (query.sort?.startsWith('duration,')) {
    const all = await db.select({ id: playlists.id }).from(playlists).where(where);
    const totals = await totalsOf(
      db,
      all.map((row) => row.id),
    );
    const sign = query.sort.endsWith(',asc') ? 1 : -1;
    const page = all
      .map((row) => ({ id: row.id, total: totals.get(row.id) ?? 0 }))
      .sort((a, b) => sign * (a.total - b.total || a.id - b.id))
      .slice(offset, offset + limit)
      .map((row) => row.id);
    const rows = page.length === 0 ? [] : await selectRows(db).where(inArray(playlists.id, page));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      list: await summaries(
        db,
        page.flatMap((id) => byId.get(id) ?? []),
      ),
      total: all.length,
    };
  }
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', playlists.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(playlists)
      .where(where),
  ]);
  return { list: await summaries(db, rows), total };
}

const child = alias(playlists, 'child');

/** GET playlist/:id: the playlist with its items in order, each resolved. */
export async function playlistDetail(db: Db, scope: TenantScope, id: number): Promise<PlaylistDetail> {
  const [row] = await selectRows(db)
    .where(and(eq(playlists.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  const items: ItemRow[] = await db
    .select({
      ...getTableColumns(playlistItems),
      contentName: contents.name,
      contentType: contents.type,
      contentState: contents.state,
      contentDuration: contents.duration,
      contentThumbnail: contents.thumbnailHash,
      childName: child.name,
      textTitle: contentTexts.title,
    })
    .from(playlistItems)
    .leftJoin(contents, eq(contents.id, playlistItems.contentId))
    .leftJoin(child, eq(child.id, playlistItems.childPlaylistId))
    .leftJoin(contentTexts, eq(contentTexts.id, playlistItems.textId))
    .where(eq(playlistItems.playlistId, id))
    .orderBy(asc(playlistItems.position), asc(playlistItems.id));
  const childIds = [...new Set(items.flatMap((item) => item.childPlaylistId ?? []))];
  const [totals, thumbnails] = await Promise.all([totalsOf(db, [id]), thumbnailsOf(db, [id, ...childIds])]);
  return {
    ...presentSummary(row, totals.get(id) ?? 0, thumbnails.get(id) ?? null),
    items: items.map((item) => presentItem(item, { totals, thumbnails })),
  };
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────

type Owner = { id: number | null; companyId: number; workspaceId: number };

const distinct = (ids: (number | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null && id !== undefined)),
];

/**
 * Checks what the items name and locks it against deletion until the write commits: 404001 for
 * anything out of scope (or content in the recycle bin), 400001 for another workspace's or
 * unfinished content, 409004 for a playlist that would end up inside itself.
 */
async function checkItems(tx: Db, scope: TenantScope, owner: Owner, items: readonly PlaylistItemFields[]) {
  const links = await tx
    .select({ id: workspaces.id, parentId: workspaces.parentId })
    .from(workspaces)
    .where(eq(workspaces.companyId, owner.companyId));
  const allowed = new Set(subtreeOf(links, owner.workspaceId));
  const assertWorkspaces = (rows: readonly { workspaceId: number }[]) => {
    if (rows.some((row) => !allowed.has(row.workspaceId))) {
      throw new AppError(ResultCode.validation, 'playlist.otherWorkspace');
    }
  };

  const contentIds = distinct(items.map((item) => item.content_id));
  if (contentIds.length > 0) {
    const rows = await tx
      .select({
        name: contents.name,
        workspaceId: contents.workspaceId,
        state: contents.state,
        approvalState: contents.approvalState,
      })
      .from(contents)
      .where(
        and(
          inArray(contents.id, contentIds),
          scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
          isNull(contents.deletedAt),
        ),
      )
      .for('share');
    if (rows.length !== contentIds.length) throw notFound();
    assertWorkspaces(rows);
    const unready = rows.find((row) => row.state !== 'ready');
    if (unready) throw new AppError(ResultCode.validation, 'playlist.notReady', { name: unready.name });
    assertApproved(rows);
  }

  const textIds = distinct(items.map((item) => item.text_id));
  if (textIds.length > 0) {
    const rows = await tx
      .select({ workspaceId: contentTexts.workspaceId })
      .from(contentTexts)
      .where(
        and(
          inArray(contentTexts.id, textIds),
          scope.rowFilter({ companyId: contentTexts.companyId, workspaceId: contentTexts.workspaceId }),
        ),
      )
      .for('share');
    if (rows.length !== textIds.length) throw notFound();
    assertWorkspaces(rows);
  }

  const childIds = distinct(items.map((item) => item.playlist_id));
  if (childIds.length > 0) {
    const rows = await tx
      .select({ workspaceId: playlists.workspaceId })
      .from(playlists)
      .where(and(inArray(playlists.id, childIds), visible(scope)))
      .for('share');
    if (rows.length !== childIds.length) throw notFound();
    assertWorkspaces(rows);
    // A playlist being made cannot be inside anything yet.
    if (owner.id !== null) {
      const nested = await timedItems(tx, childIds);
      const children = new Map(
        [...nested].map(([id, list]) => [id, distinct(list.map((item) => item.child))] as const),
      );
      if (createsLoop(children, owner.id, childIds)) throw new AppError(ResultCode.loop, 'playlist.loop');
    }
  }
}

/** Stores the items in their order (a nested playlist keeps no duration: it lasts as long as its own). */
async function insertItems(tx: Db, playlistId: number, items: readonly PlaylistItemFields[]) {
  await tx.insert(playlistItems).values(
    items.map((item, position) => ({
      playlistId,
      position,
      contentId: item.content_id ?? null,
      childPlaylistId: item.playlist_id ?? null,
      textId: item.text_id ?? null,
      duration: item.playlist_id == null ? item.duration : null,
      transition: item.transition,
      fit: item.fit,
      muted: item.muted,
    })),
  );
}

const columnsOf = (fields: PlaylistFields) => ({
  name: fields.name,
  orientation: fields.orientation,
  width: fields.width,
  height: fields.height,
  shuffle: fields.shuffle,
});

/** POST playlist: a new playlist in the active workspace. */
export async function createPlaylist(
  app: FastifyInstance,
  scope: TenantScope,
  fields: PlaylistFields,
): Promise<PlaylistDetail> {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    await lockCompany(tx, workspace.companyId);
    await checkItems(
      tx,
      scope,
      { id: null, companyId: workspace.companyId, workspaceId: workspace.id },
      fields.items,
    );
    const [row] = await tx
      .insert(playlists)
      .values({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        creatorId: scope.user.userId,
        ...columnsOf(fields),
      })
      .returning({ id: playlists.id });
    await insertItems(tx, row.id, fields.items);
    return row.id;
  });
  return playlistDetail(app.db, scope, id);
}

/**
 * The playlist in scope, read after its company's playlist lock (which every playlist write takes
 * first, so it stays as read); 404001 otherwise.
 */
async function playlistOf(tx: Db, scope: TenantScope, id: number) {
  const [found] = await tx
    .select({ companyId: playlists.companyId })
    .from(playlists)
    .where(and(eq(playlists.id, id), visible(scope)));
  if (!found) throw notFound();
  await lockCompany(tx, found.companyId);
  const [row] = await tx
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), visible(scope)));
  if (!row) throw notFound();
  return row;
}

/** PUT playlist/:id: everything anew, the items replaced in the order given. */
export async function updatePlaylist(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: PlaylistFields,
): Promise<PlaylistDetail> {
  await app.db.transaction(async (tx) => {
    const row = await playlistOf(tx, scope, id);
    // What the items name is locked before the playlist, the order content and text deletes
    // (which touch the playlists using them) take them in.
    await checkItems(tx, scope, row, fields.items);
    await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, id)).for('update');
    await tx.delete(playlistItems).where(eq(playlistItems.playlistId, id));
    await insertItems(tx, id, fields.items);
    await tx
      .update(playlists)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(eq(playlists.id, id));
    await notifyProgramChanged(tx, { kind: 'playlist', id });
  });
  return playlistDetail(app.db, scope, id);
}

/** "<name> (copy)" in the caller's language, the name shortened to keep within MAX_NAME_LENGTH. */
function copyName(language: Language, name: string) {
  let kept = name;
  for (;;) {
    const named = translate(language, 'playlist.copyName', { name: kept });
    if (named.length <= MAX_NAME_LENGTH || kept.length === 0) return named.slice(0, MAX_NAME_LENGTH);
    kept = kept.slice(0, kept.length - (named.length - MAX_NAME_LENGTH)).trimEnd();
  }
}

/** POST playlist/:id/copy: the same playlist and items, in the original's workspace. */
export async function copyPlaylist(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  name: string | undefined,
  language: Language,
): Promise<PlaylistDetail> {
  const copyId = await app.db.transaction(async (tx) => {
    const original = await playlistOf(tx, scope, id);
    const [row] = await tx
      .insert(playlists)
      .values({
        companyId: original.companyId,
        workspaceId: original.workspaceId,
        name: name ?? copyName(language, original.name),
        orientation: original.orientation,
        width: original.width,
        height: original.height,
        shuffle: original.shuffle,
        creatorId: scope.user.userId,
      })
      .returning({ id: playlists.id });
    await tx.execute(sql`
      insert into ${playlistItems}
        (playlist_id, position, content_id, child_playlist_id, text_id, duration, transition, fit, muted)
      select ${row.id}, position, content_id, child_playlist_id, text_id, duration, transition, fit, muted
      from ${playlistItems} where ${playlistItems.playlistId} = ${id}`);
    return row.id;
  });
  return playlistDetail(app.db, scope, copyId);
}

/**
 * DELETE playlist: every one of these ids must be in scope (404001 otherwise, and nothing goes).
 * Playlists in use elsewhere are refused (409001, data.uses) unless `detach`, which first removes
 * them from what uses them, in the same transaction.
 */
export async function deletePlaylists(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  await deleteInScope(
    app.db,
    {
      table: playlists,
      id: playlists.id,
      visible: visible(scope),
      uses: app.uses.playlist,
      lockFirst: async (tx, ids) => {
        const companies = await tx
          .selectDistinct({ id: playlists.companyId })
          .from(playlists)
          .where(and(inArray(playlists.id, [...ids]), visible(scope)))
          .orderBy(playlists.companyId);
        for (const company of companies) await lockCompany(tx, company.id);
      },
      // Their own items first: those nesting one another would otherwise hold up the delete.
      deleteFirst: (tx, found) =>
        tx.delete(playlistItems).where(inArray(playlistItems.playlistId, [...found])),
    },
    ids,
    detach,
  );
  return null;
}

// ── What playlists use ───────────────────────────────────────────────────────────────────────

/**
 * The playlists whose items name any of these ids in this column, for the use registries; `except`
 * leaves out the playlists being deleted along with them.
 */
const holding = (column: Column, except: (ids: readonly number[]) => number[]) => ({
  find: (tx: Db, ids: readonly number[]) => {
    const skipped = except(ids);
    return tx
      .selectDistinct({ id: playlists.id, name: playlists.name })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(
        and(inArray(column, [...ids]), skipped.length === 0 ? undefined : notInArray(playlists.id, skipped)),
      )
      .orderBy(playlists.id);
  },
  /**
   * Their items go; the playlists keep the rest, in order. The playlists are touched (and so
   * locked) before their items, the order a playlist's save takes them in; the screens showing
   * them (or anything holding them) fetch their manifest again at commit.
   */
  detach: async (tx: Db, ids: readonly number[]) => {
    const touched = await tx
      .update(playlists)
      .set({ updatedAt: new Date() })
      .where(
        inArray(
          playlists.id,
          tx
            .select({ id: playlistItems.playlistId })
            .from(playlistItems)
            .where(inArray(column, [...ids])),
        ),
      )
      .returning({ id: playlists.id });
    await tx.delete(playlistItems).where(inArray(column, [...ids]));
    await notifyProgramsChanged(tx, { playlists: touched.map((row) => row.id) });
  },
});

/** What playlists use, and the workspaces they keep: registered by the playlist module. */
export function registerPlaylistUses(app: FastifyInstance) {
  app.uses.content.register(
    'playlist',
    holding(playlistItems.contentId, () => []),
  );
  app.uses.text.register(
    'playlist',
    holding(playlistItems.textId, () => []),
  );
  // Playlists deleted together may hold each other.
  app.uses.playlist.register(
    'playlist',
    holding(playlistItems.childPlaylistId, (ids) => [...ids]),
  );
  // A workspace holding playlists is not deleted: they are content to the user.
  app.workspaceBlockers.register('content', 'playlist', async (tx, workspaceId) => {
    const [row] = await tx
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.workspaceId, workspaceId))
      .limit(1);
    return row !== undefined;
  });
}
