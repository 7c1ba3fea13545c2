import {
  ContentType,
  type ItemFit,
  type ListResult,
  ResultCode,
  type VideoWallContentFields,
  type VideoWallContentItem,
  type videoWallContentListQuerySchema,
} from '@vitrine/contract';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  contents,
  playlistItems,
  playlists,
  users,
  videoWallCells,
  videoWallContents,
  videoWalls,
} from '../../db/schema';
import { deleteInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import { insertOwned } from '../../platform/owned-rows';
import type { TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';
import { mediaUrl } from '../media';
import { visibleWall } from './walls';

// Wall content (/manager/video-wall-content, content type 7): an image or a video of the library,
// or a playlist of them, laid out once on a wall's canvas (cover, contain or fill). Each screen of
// the wall shows its own part of it (the player crops; the server never cuts files). Kept in the
// wall's workspace, found through the caller's tenant scope like content.

const WALL_MEDIA: readonly number[] = [ContentType.image, ContentType.video];

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: videoWallContents.companyId, workspaceId: videoWallContents.workspaceId });

const SORT = {
  name: videoWallContents.name,
  created_at: videoWallContents.createdAt,
  updated_at: videoWallContents.updatedAt,
};

const selectRows = (db: Db) =>
  db
    .select({
      ...getTableColumns(videoWallContents),
      wallName: videoWalls.name,
      rows: videoWalls.rows,
      columns: videoWalls.columns,
      contentName: contents.name,
      contentType: contents.type,
      thumbnailHash: sql<
        string | null
      >`coalesce(${contents.thumbnailHash}, case when ${contents.type} = ${ContentType.image} then ${contents.hash} end)`,
      playlistName: playlists.name,
      creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
    })
    .from(videoWallContents)
    .innerJoin(videoWalls, eq(videoWalls.id, videoWallContents.wallId))
    .leftJoin(contents, eq(contents.id, videoWallContents.contentId))
    .leftJoin(playlists, eq(playlists.id, videoWallContents.playlistId))
    .leftJoin(users, eq(users.id, videoWallContents.creatorId));

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const present = (row: Row): VideoWallContentItem => ({
  id: row.id,
  name: row.name,
  wall_id: row.wallId,
  wall_name: row.wallName,
  rows: row.rows,
  columns: row.columns,
  content_id: row.contentId,
  content_name: row.contentName,
  content_type: row.contentType,
  playlist_id: row.playlistId,
  playlist_name: row.playlistName,
  fit: row.fit as ItemFit,
  thumbnail_url: row.thumbnailHash ? mediaUrl(row.thumbnailHash) : null,
  creator_name: row.creatorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET video-wall-content: keyword over the name. */
export async function wallContentList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof videoWallContentListQuerySchema>,
): Promise<ListResult<VideoWallContentItem>> {
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: videoWallContents,
      where: and(visible(scope), keywordFilter(query.keyword, videoWallContents.name)),
      order: orderOf(query.sort, SORT, 'created_at,desc', videoWallContents.id),
    },
    query,
  );
  return { list: rows.map(present), total };
}

/** GET video-wall-content/:id. */
export async function wallContentDetail(
  db: Db,
  scope: TenantScope,
  id: number,
): Promise<VideoWallContentItem> {
  const [row] = await selectRows(db)
    .where(and(eq(videoWallContents.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

/**
 * The source, locked against deletion until the write commits: an image or a video of the library
 * in scope and ready, or a playlist in scope whose items are all such (404001 out of scope or in
 * the recycle bin, 400001 for anything else).
 */
async function checkSource(tx: Db, scope: TenantScope, fields: VideoWallContentFields) {
  if (fields.content_id !== null) {
    const [row] = await tx
      .select({ name: contents.name, type: contents.type, state: contents.state })
      .from(contents)
      .where(
        and(
          eq(contents.id, fields.content_id),
          scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
          isNull(contents.deletedAt),
        ),
      )
      .for('share');
    if (!row) throw notFound();
    if (!WALL_MEDIA.includes(row.type)) throw new AppError(ResultCode.validation, 'videoWall.media');
    if (row.state !== 'ready')
      throw new AppError(ResultCode.validation, 'videoWall.notReady', { name: row.name });
    return;
  }
  if (fields.playlist_id === null) return;
  const [playlist] = await tx
    .select({ id: playlists.id })
    .from(playlists)
    .where(
      and(
        eq(playlists.id, fields.playlist_id),
        scope.rowFilter({ companyId: playlists.companyId, workspaceId: playlists.workspaceId }),
      ),
    )
    .for('share');
  if (!playlist) throw notFound();
  const items = await tx
    .select({ type: contents.type })
    .from(playlistItems)
    .leftJoin(contents, eq(contents.id, playlistItems.contentId))
    .where(eq(playlistItems.playlistId, playlist.id));
  if (items.length === 0 || items.some((item) => item.type === null || !WALL_MEDIA.includes(item.type))) {
    throw new AppError(ResultCode.validation, 'videoWall.playlistMedia');
  }
}

const columnsOf = (fields: VideoWallContentFields) => ({
  name: fields.name,
  wallId: fields.wall_id,
  contentId: fields.content_id,
  playlistId: fields.playlist_id,
  fit: fields.fit,
});

/** POST video-wall-content: in the wall's workspace. */
export async function createWallContent(
  app: FastifyInstance,
  scope: TenantScope,
  fields: VideoWallContentFields,
) {
  const id = await app.db.transaction(async (tx) => {
    const wall = await visibleWall(tx, scope, fields.wall_id, 'key share');
    await checkSource(tx, scope, fields);
    return insertOwned(
      tx,
      videoWallContents,
      { companyId: wall.companyId, workspaceId: wall.workspaceId, creatorId: scope.user.userId },
      columnsOf(fields),
    );
  });
  return wallContentDetail(app.db, scope, id);
}

/** PUT video-wall-content/:id: every field anew, unless a schedule plays it (409001). */
export async function editWallContent(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: VideoWallContentFields,
) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: videoWallContents.id })
      .from(videoWallContents)
      .where(and(eq(videoWallContents.id, id), visible(scope)))
      .for('update');
    if (!current) throw notFound();
    await app.uses.videoWallContent.assertUnused(tx, [id]);
    const wall = await visibleWall(tx, scope, fields.wall_id, 'key share');
    await checkSource(tx, scope, fields);
    await tx
      .update(videoWallContents)
      .set({
        ...columnsOf(fields),
        companyId: wall.companyId,
        workspaceId: wall.workspaceId,
        updatedAt: new Date(),
      })
      .where(eq(videoWallContents.id, id));
  });
  return wallContentDetail(app.db, scope, id);
}

/** DELETE video-wall-content: all in scope or none (404001); in use refused (409001) unless detached. */
export async function deleteWallContents(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  await deleteInScope(
    app.db,
    {
      table: videoWallContents,
      id: videoWallContents.id,
      visible: visible(scope),
      uses: app.uses.videoWallContent,
    },
    ids,
    detach,
  );
  return null;
}

/**
 * Wall content uses a library item or a playlist (column): deleting one is refused while wall
 * content shows it, or, when the user asks, the wall content showing it goes first (it would show
 * nothing), after leaving what plays it.
 */
export function wallContentUses(app: FastifyInstance, column: 'contentId' | 'playlistId'): Uses {
  const source = videoWallContents[column];
  const using = (tx: Db, ids: readonly number[]) =>
    tx
      .select({ id: videoWallContents.id, name: videoWallContents.name })
      .from(videoWallContents)
      .where(inArray(source, [...ids]))
      .orderBy(videoWallContents.id);
  return {
    find: using,
    detach: async (tx, ids) => {
      const found = (await using(tx, ids)).map((row) => row.id);
      if (found.length === 0) return;
      await app.uses.videoWallContent.detach(tx, found);
      await tx.delete(videoWallContents).where(inArray(videoWallContents.id, found));
    },
  };
}

/**
 * Wall content a schedule names (a video-wall schedule's program_id), in the caller's scope
 * (404001 otherwise), it and its wall locked until the write commits (neither deleted, nor the
 * wall's screens changed): its workspace, its source, its wall's name and orientation, and the
 * screens placed in the wall.
 */
export async function scheduledWallContent(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx
    .select({
      id: videoWallContents.id,
      workspaceId: videoWallContents.workspaceId,
      contentId: videoWallContents.contentId,
      playlistId: videoWallContents.playlistId,
      wallId: videoWalls.id,
      wallName: videoWalls.name,
      orientation: videoWalls.orientation,
    })
    .from(videoWallContents)
    .innerJoin(videoWalls, eq(videoWalls.id, videoWallContents.wallId))
    .where(and(eq(videoWallContents.id, id), visible(scope)))
    .for('share', { of: [videoWallContents, videoWalls] });
  if (!row) throw notFound();
  const cells = await tx
    .select({ deviceId: videoWallCells.deviceId })
    .from(videoWallCells)
    .where(eq(videoWallCells.wallId, row.wallId));
  return { ...row, deviceIds: cells.map((cell) => cell.deviceId) };
}

/** Walls hold the content laid out on them: a wall goes only once its content does. */
export const wallsInUse: Uses = {
  find: (tx, wallIds) =>
    tx
      .select({ id: videoWallContents.id, name: videoWallContents.name })
      .from(videoWallContents)
      .where(inArray(videoWallContents.wallId, [...wallIds]))
      .orderBy(videoWallContents.id),
  detach: async () => {
    // Wall content cannot stand without its wall: deleting a wall never detaches it.
  },
};
