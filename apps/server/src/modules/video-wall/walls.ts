import {
  DeviceStatus,
  type ListResult,
  ResultCode,
  type VideoWallCell,
  type VideoWallDevice,
  type VideoWallFields,
  type VideoWallItem,
  type VideoWallOrientation,
  type videoWallListQuerySchema,
  wallCanvas,
  wallCellArea,
} from '@vitrine/contract';
import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { devices, videoWallCells, videoWallContents, videoWalls, workspaces } from '../../db/schema';
import { deleteInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { publishManifestChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace } from '../content';
import { visibleDevices } from '../device';
import { usableWorkspace } from '../team';

// Video walls (/manager/video-wall): grids of paired screens of one workspace, found through the
// caller's tenant scope (another tenant's id answers 404001); new ones go to the active workspace.
// A screen is in one wall at most, and only a screen of the wall's own workspace is placed in it.

type WallRow = typeof videoWalls.$inferSelect & { groupName: string | null };

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: videoWalls.companyId, workspaceId: videoWalls.workspaceId });

const SORT = { name: videoWalls.name, created_at: videoWalls.createdAt, updated_at: videoWalls.updatedAt };

const selectWalls = (db: Db) =>
  db
    .select({ ...getTableColumns(videoWalls), groupName: workspaces.name })
    .from(videoWalls)
    .leftJoin(workspaces, eq(workspaces.id, videoWalls.workspaceId));

/** The screens placed in these walls, with their names and whether they are online. */
async function cellsOf(db: Db, wallIds: readonly number[]) {
  if (wallIds.length === 0) return [];
  return db
    .select({
      wallId: videoWallCells.wallId,
      row: videoWallCells.row,
      column: videoWallCells.column,
      deviceId: videoWallCells.deviceId,
      name: devices.name,
      signageId: devices.signageId,
      status: devices.status,
    })
    .from(videoWallCells)
    .innerJoin(devices, eq(devices.id, videoWallCells.deviceId))
    .where(inArray(videoWallCells.wallId, [...wallIds]))
    .orderBy(asc(videoWallCells.row), asc(videoWallCells.column));
}

type CellRow = Awaited<ReturnType<typeof cellsOf>>[number];

/** The wall's measures as the contract's geometry reads them. */
export const screenOf = (row: typeof videoWalls.$inferSelect) => ({
  rows: row.rows,
  columns: row.columns,
  screen_width_mm: row.screenWidthMm,
  screen_height_mm: row.screenHeightMm,
  bezel_top_mm: row.bezelTopMm,
  bezel_right_mm: row.bezelRightMm,
  bezel_bottom_mm: row.bezelBottomMm,
  bezel_left_mm: row.bezelLeftMm,
});

const presentWall = (row: WallRow, cells: readonly CellRow[]): VideoWallItem => ({
  id: row.id,
  name: row.name,
  group_id: row.workspaceId,
  group_name: row.groupName,
  orientation: row.orientation as VideoWallOrientation,
  ...screenOf(row),
  cells: cells
    .filter((cell) => cell.wallId === row.id)
    .map((cell) => ({
      row: cell.row,
      column: cell.column,
      device_id: cell.deviceId,
      device_name: cell.name,
      signage_id: cell.signageId,
      online: cell.status === DeviceStatus.online,
    })),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET video-wall: the walls in scope, keyword over the name. */
export async function wallList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof videoWallListQuerySchema>,
): Promise<ListResult<VideoWallItem>> {
  const where = and(visible(scope), keywordFilter(query.keyword, videoWalls.name));
  const [rows, [{ total }]] = await Promise.all([
    selectWalls(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', videoWalls.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(videoWalls)
      .where(where),
  ]);
  const cells = await cellsOf(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => presentWall(row, cells)), total };
}

/** GET video-wall/:id. */
export async function wallDetail(db: Db, scope: TenantScope, id: number): Promise<VideoWallItem> {
  const [row] = await selectWalls(db)
    .where(and(eq(videoWalls.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentWall(row, await cellsOf(db, [id]));
}

/** A wall in the caller's scope, locked ('key share' to lay content on it, 'update' to change it). */
export async function visibleWall(tx: Db, scope: TenantScope, id: number, lock: 'key share' | 'update') {
  const [row] = await tx
    .select()
    .from(videoWalls)
    .where(and(eq(videoWalls.id, id), visible(scope)))
    .for(lock);
  if (!row) throw notFound();
  return row;
}

/** GET video-wall/devices: the paired screens of a workspace the caller may use, and the wall each is in. */
export async function wallDevices(
  db: Db,
  scope: TenantScope,
  groupId: number | undefined,
): Promise<VideoWallDevice[]> {
  const workspace =
    groupId === undefined ? await activeWorkspace(db, scope) : await usableWorkspace(db, scope, groupId);
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      signageId: devices.signageId,
      status: devices.status,
      wallId: videoWalls.id,
      wallName: videoWalls.name,
    })
    .from(devices)
    .leftJoin(videoWallCells, eq(videoWallCells.deviceId, devices.id))
    .leftJoin(videoWalls, eq(videoWalls.id, videoWallCells.wallId))
    .where(and(eq(devices.workspaceId, workspace.id), isNotNull(devices.companyId), visibleDevices(scope)))
    .orderBy(asc(devices.name), asc(devices.id));
  return rows.map((row) => ({
    device_id: row.id,
    device_name: row.name,
    signage_id: row.signageId,
    online: row.status === DeviceStatus.online,
    wall_id: row.wallId,
    wall_name: row.wallName,
  }));
}

const columnsOf = (fields: VideoWallFields) => ({
  name: fields.name,
  rows: fields.rows,
  columns: fields.columns,
  orientation: fields.orientation,
  screenWidthMm: fields.screen_width_mm,
  screenHeightMm: fields.screen_height_mm,
  bezelTopMm: fields.bezel_top_mm,
  bezelRightMm: fields.bezel_right_mm,
  bezelBottomMm: fields.bezel_bottom_mm,
  bezelLeftMm: fields.bezel_left_mm,
});

/**
 * Places the cells' screens in the wall, replacing its grid: each must be a paired screen in the
 * caller's scope (404001 otherwise) of the wall's workspace (400001), and in no other wall (409005,
 * naming it). The screens that joined, left or moved in the grid fetch their manifest again.
 */
async function placeCells(
  tx: Db,
  scope: TenantScope,
  wall: { id: number; workspaceId: number },
  cells: VideoWallFields['cells'],
) {
  const ids = cells.map((cell) => cell.device_id);
  if (ids.length > 0) {
    const rows = await tx
      .select({
        id: devices.id,
        name: devices.name,
        signageId: devices.signageId,
        workspaceId: devices.workspaceId,
      })
      .from(devices)
      .where(and(inArray(devices.id, ids), visibleDevices(scope)))
      .for('update');
    if (rows.length !== new Set(ids).size) throw notFound();
    const stranger = rows.find((row) => row.workspaceId !== wall.workspaceId);
    if (stranger) {
      throw new AppError(ResultCode.validation, 'videoWall.otherWorkspace', {
        device: stranger.name || stranger.signageId,
      });
    }
    const [taken] = await tx
      .select({ deviceId: videoWallCells.deviceId, wallName: videoWalls.name })
      .from(videoWallCells)
      .innerJoin(videoWalls, eq(videoWalls.id, videoWallCells.wallId))
      .where(and(inArray(videoWallCells.deviceId, ids), sql`${videoWallCells.wallId} <> ${wall.id}`))
      .limit(1);
    if (taken) {
      const row = rows.find((candidate) => candidate.id === taken.deviceId);
      throw new AppError(
        ResultCode.stateConflict,
        'videoWall.deviceInOtherWall',
        { device: row?.name || row?.signageId || String(taken.deviceId), wall: taken.wallName },
        { device_id: taken.deviceId },
      );
    }
  }
  const before = await tx.delete(videoWallCells).where(eq(videoWallCells.wallId, wall.id)).returning();
  if (cells.length > 0) {
    await tx.insert(videoWallCells).values(
      cells.map((cell) => ({
        wallId: wall.id,
        row: cell.row,
        column: cell.column,
        deviceId: cell.device_id,
      })),
    );
  }
  await publishManifestChanged(tx, [...new Set([...before.map((cell) => cell.deviceId), ...ids])]);
}

/** POST video-wall: a new wall in the active workspace. */
export async function createWall(app: FastifyInstance, scope: TenantScope, fields: VideoWallFields) {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    const [row] = await tx
      .insert(videoWalls)
      .values({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        creatorId: scope.user.userId,
        ...columnsOf(fields),
      })
      .returning({ id: videoWalls.id, workspaceId: videoWalls.workspaceId });
    await placeCells(tx, scope, row, fields.cells);
    return row.id;
  });
  return wallDetail(app.db, scope, id);
}

/**
 * A video-wall schedule plays on every screen of its wall and on no other (spec 001 §4's rule
 * that an in-use resource is not edited): while a schedule plays content laid out on the wall, its
 * screens may move within the grid but none joins or leaves (409001, data.uses the schedules).
 */
async function assertScreensFree(
  app: FastifyInstance,
  tx: Db,
  wallId: number,
  cells: VideoWallFields['cells'],
) {
  const before = await tx
    .select({ deviceId: videoWallCells.deviceId })
    .from(videoWallCells)
    .where(eq(videoWallCells.wallId, wallId));
  const after = new Set(cells.map((cell) => cell.device_id));
  if (before.length === after.size && before.every((cell) => after.has(cell.deviceId))) return;
  const laid = await tx
    .select({ id: videoWallContents.id })
    .from(videoWallContents)
    .where(eq(videoWallContents.wallId, wallId));
  const uses = await app.uses.videoWallContent.find(
    tx,
    laid.map((row) => row.id),
  );
  if (uses.length > 0) throw new AppError(ResultCode.inUse, 'videoWall.screensScheduled', {}, { uses });
}

/** PUT video-wall/:id: every field and the whole grid anew (the screens fixed while a schedule plays on it). */
export async function editWall(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: VideoWallFields,
) {
  await app.db.transaction(async (tx) => {
    const wall = await visibleWall(tx, scope, id, 'update');
    await assertScreensFree(app, tx, id, fields.cells);
    await tx
      .update(videoWalls)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(eq(videoWalls.id, id));
    await placeCells(tx, scope, wall, fields.cells);
  });
  return wallDetail(app.db, scope, id);
}

/**
 * DELETE video-wall: every one in scope or nothing goes (404001); a wall that content is laid out
 * on is refused (409001, data.uses). Its screens are free again and fetch their manifest.
 */
export async function deleteWalls(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  await deleteInScope(
    app.db,
    {
      table: videoWalls,
      id: videoWalls.id,
      visible: visible(scope),
      uses: app.uses.videoWall,
      deleteFirst: async (tx, wallIds) => {
        const freed = await tx
          .delete(videoWallCells)
          .where(inArray(videoWallCells.wallId, [...wallIds]))
          .returning({ deviceId: videoWallCells.deviceId });
        await publishManifestChanged(
          tx,
          freed.map((cell) => cell.deviceId),
        );
      },
    },
    ids,
    false,
  );
  return null;
}

/** The wall holding each of these screens (spec 001 §4: not deleted nor moved before it). */
export async function wallsHolding(tx: Db, deviceIds: readonly number[]) {
  return tx
    .select({ deviceId: videoWallCells.deviceId, holder: videoWalls.name })
    .from(videoWallCells)
    .innerJoin(videoWalls, eq(videoWalls.id, videoWallCells.wallId))
    .where(inArray(videoWallCells.deviceId, [...deviceIds]))
    .orderBy(asc(videoWallCells.deviceId));
}

/** The cells of these screens in their walls, for their manifests (a screen in no wall has none). */
export async function wallCellsOf(db: Db, deviceIds: readonly number[]): Promise<Map<number, VideoWallCell>> {
  const rows = await db
    .select({
      wall: videoWalls,
      deviceId: videoWallCells.deviceId,
      row: videoWallCells.row,
      column: videoWallCells.column,
    })
    .from(videoWallCells)
    .innerJoin(videoWalls, eq(videoWalls.id, videoWallCells.wallId))
    .where(inArray(videoWallCells.deviceId, [...deviceIds]));
  return new Map(
    rows.map((row) => {
      const screen = screenOf(row.wall);
      const canvas = wallCanvas(screen);
      const cell: VideoWallCell = {
        wall_id: row.wall.id,
        row: row.row,
        column: row.column,
        canvas_width_mm: canvas.width,
        canvas_height_mm: canvas.height,
        area: wallCellArea(screen, row.row, row.column),
      };
      return [row.deviceId, cell];
    }),
  );
}
