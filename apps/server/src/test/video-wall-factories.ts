import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { videoWallCells, videoWallContents, videoWalls } from '../db/schema';

// Video walls for the tests, written past their calls: a wall of a workspace (its screens placed
// when given, row by row) and wall content showing a library item on it.

type Workspace = { id: number; companyId: number };

const unique = () => randomBytes(3).toString('hex');

/** A 2 × 2 wall of 1000 × 560 mm screens with 5 mm bezels, the devices in its first places. */
export async function buildVideoWall(
  app: FastifyInstance,
  workspace: Workspace,
  deviceIds: readonly number[] = [],
  name = `Wall ${unique()}`,
) {
  const [wall] = await app.db
    .insert(videoWalls)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name,
      rows: 2,
      columns: 2,
      orientation: 'landscape',
      screenWidthMm: 1000,
      screenHeightMm: 560,
      bezelTopMm: 5,
      bezelRightMm: 5,
      bezelBottomMm: 5,
      bezelLeftMm: 5,
    })
    .returning();
  if (deviceIds.length > 0) {
    await app.db.insert(videoWallCells).values(
      deviceIds.map((deviceId, index) => ({
        wallId: wall.id,
        row: Math.floor(index / 2),
        column: index % 2,
        deviceId,
      })),
    );
  }
  return wall;
}

/** Wall content laid out on a wall of the workspace, showing a library item. */
export async function buildWallContent(
  app: FastifyInstance,
  wall: typeof videoWalls.$inferSelect,
  contentId: number,
) {
  const [row] = await app.db
    .insert(videoWallContents)
    .values({
      companyId: wall.companyId,
      workspaceId: wall.workspaceId,
      name: `Wall content ${unique()}`,
      wallId: wall.id,
      contentId,
      fit: 'cover',
    })
    .returning();
  return row;
}
