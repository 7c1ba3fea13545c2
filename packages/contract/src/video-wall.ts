import { z } from 'zod';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { ITEM_FITS } from './program';
import { idsRequestSchema, idsSchema } from './team';
import { bodyIdSchema, idSchema, listQuerySchema, listResultSchema, nameSchema } from './validation';
import { VIDEO_WALL_MAX_SIDE, VIDEO_WALL_MM_LIMIT, VIDEO_WALL_ORIENTATIONS } from './video-wall-geometry';

// Video walls (/backend/manager/video-wall, the /device/video-wall-list and /device/video-wall/:wall_id
// pages) and wall content (/backend/manager/video-wall-content, /content/videowall-list, content
// type 7). A wall is a grid of paired screens of one workspace with their active-area size and
// bezel widths (video-wall-geometry.ts); a screen is in at most one wall, and while it is, it can
// neither be deleted nor moved to another workspace (spec 001 §4). Wall content is a picture, a
// video or a playlist of them laid out once on a wall's canvas; each screen shows its own part.
// Messages are under `videoWall.` (they load after login).

export * from './video-wall-geometry';

const sideSchema = z
  .number({ error: 'videoWall.side' })
  .int('videoWall.side')
  .min(1, 'videoWall.side')
  .max(VIDEO_WALL_MAX_SIDE, 'videoWall.side');

/** Millimetres: a screen's active area is more than 0, a bezel 0 or more; both below 10000. */
const mmSchema = (min: number) =>
  z
    .number({ error: 'videoWall.millimetres' })
    .min(min, 'videoWall.millimetres')
    .lt(VIDEO_WALL_MM_LIMIT, 'videoWall.millimetres');
const areaSchema = mmSchema(0).refine((value) => value > 0, 'videoWall.millimetres');
const bezelSchema = mmSchema(0);

const indexSchema = z
  .number({ error: 'videoWall.cell' })
  .int('videoWall.cell')
  .min(0, 'videoWall.cell')
  .max(VIDEO_WALL_MAX_SIDE - 1, 'videoWall.cell');

/** A screen placed in the grid: row and column from 0. */
export const videoWallCellRequestSchema = z.object({
  row: indexSchema,
  column: indexSchema,
  device_id: bodyIdSchema,
});
export type VideoWallCellRequest = z.infer<typeof videoWallCellRequestSchema>;

/** POST and PUT video-wall: every field anew; cells may be missing while the wall is being built. */
export const videoWallRequestSchema = z
  .object({
    name: nameSchema,
    rows: sideSchema,
    columns: sideSchema,
    orientation: z.enum(VIDEO_WALL_ORIENTATIONS, { error: 'videoWall.orientation' }),
    screen_width_mm: areaSchema,
    screen_height_mm: areaSchema,
    bezel_top_mm: bezelSchema,
    bezel_right_mm: bezelSchema,
    bezel_bottom_mm: bezelSchema,
    bezel_left_mm: bezelSchema,
    cells: z.array(videoWallCellRequestSchema).max(VIDEO_WALL_MAX_SIDE * VIDEO_WALL_MAX_SIDE),
  })
  .superRefine((wall, context) => {
    const places = new Set<string>();
    const devices = new Set<number>();
    wall.cells.forEach((cell, index) => {
      const place = `${cell.row},${cell.column}`;
      if (cell.row >= wall.rows || cell.column >= wall.columns || places.has(place)) {
        context.addIssue({ code: 'custom', path: ['cells', index], message: 'videoWall.cell' });
      }
      if (devices.has(cell.device_id)) {
        context.addIssue({
          code: 'custom',
          path: ['cells', index, 'device_id'],
          message: 'videoWall.deviceTwice',
        });
      }
      places.add(place);
      devices.add(cell.device_id);
    });
  });
export type VideoWallRequest = z.input<typeof videoWallRequestSchema>;
export type VideoWallFields = z.output<typeof videoWallRequestSchema>;

export const videoWallCellItemSchema = z.object({
  row: z.number(),
  column: z.number(),
  device_id: z.number(),
  device_name: z.string().nullable(),
  signage_id: z.string(),
  online: z.boolean(),
});
export type VideoWallCellItem = z.infer<typeof videoWallCellItemSchema>;

export const videoWallItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The workspace it is in, and its screens. */
  group_id: z.number(),
  group_name: z.string().nullable(),
  rows: z.number(),
  columns: z.number(),
  orientation: z.enum(VIDEO_WALL_ORIENTATIONS),
  screen_width_mm: z.number(),
  screen_height_mm: z.number(),
  bezel_top_mm: z.number(),
  bezel_right_mm: z.number(),
  bezel_bottom_mm: z.number(),
  bezel_left_mm: z.number(),
  cells: z.array(videoWallCellItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VideoWallItem = z.infer<typeof videoWallItemSchema>;

export const VIDEO_WALL_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;
export const videoWallListQuerySchema = listQuerySchema(VIDEO_WALL_SORT_COLUMNS);
export type VideoWallListQuery = z.input<typeof videoWallListQuerySchema>;
export const videoWallListSchema = listResultSchema(videoWallItemSchema);

/** GET video-wall/devices: the paired screens of a workspace (the active one when left out). */
export const videoWallDevicesQuerySchema = z.object({ group_id: idSchema.optional() });
export type VideoWallDevicesQuery = z.input<typeof videoWallDevicesQuerySchema>;
export const videoWallDeviceSchema = z.object({
  device_id: z.number(),
  device_name: z.string().nullable(),
  signage_id: z.string(),
  online: z.boolean(),
  /** The wall it is in, if any: a screen is in one wall at most. */
  wall_id: z.number().nullable(),
  wall_name: z.string().nullable(),
});
export type VideoWallDevice = z.infer<typeof videoWallDeviceSchema>;

// ── Wall content (content type 7) ─────────────────────────────────────────────────────────────

/** How the source fills the wall's canvas (the player's item fits: fill stretches it). */
export const videoWallContentRequestSchema = z
  .object({
    name: nameSchema,
    wall_id: bodyIdSchema,
    /** An image or a video of the library, or else a playlist of them: exactly one. */
    content_id: bodyIdSchema.nullable().default(null),
    playlist_id: bodyIdSchema.nullable().default(null),
    fit: z.enum(ITEM_FITS, { error: 'videoWall.fit' }).default('cover'),
  })
  .refine((body) => (body.content_id === null) !== (body.playlist_id === null), {
    message: 'videoWall.source',
    path: ['content_id'],
  });
export type VideoWallContentRequest = z.input<typeof videoWallContentRequestSchema>;
export type VideoWallContentFields = z.output<typeof videoWallContentRequestSchema>;

export const videoWallContentItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  wall_id: z.number(),
  wall_name: z.string(),
  rows: z.number(),
  columns: z.number(),
  content_id: z.number().nullable(),
  content_name: z.string().nullable(),
  /** ContentType of the content (image or video). */
  content_type: z.number().nullable(),
  playlist_id: z.number().nullable(),
  playlist_name: z.string().nullable(),
  fit: z.enum(ITEM_FITS),
  /** The source's picture (the image's or the video's thumbnail), when it has one. */
  thumbnail_url: z.string().nullable(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VideoWallContentItem = z.infer<typeof videoWallContentItemSchema>;

export const VIDEO_WALL_CONTENT_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;
export const videoWallContentListQuerySchema = listQuerySchema(VIDEO_WALL_CONTENT_SORT_COLUMNS);
export type VideoWallContentListQuery = z.input<typeof videoWallContentListQuerySchema>;
export const videoWallContentListSchema = listResultSchema(videoWallContentItemSchema);
export const videoWallContentDeleteRequestSchema = z.object({
  ids: idsSchema,
  detach: z.boolean().default(false),
});
export type VideoWallContentDeleteRequest = z.input<typeof videoWallContentDeleteRequestSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const WALL = '/backend/manager/video-wall';
const WALL_CONTENT = '/backend/manager/video-wall-content';

/** Walls (spec 000 §2): listing needs device:videowall:list, a wall's page device:videowall:info, writes device:videowall:add. */
export const videoWallOperations = {
  list: operation({
    method: 'GET',
    path: WALL,
    query: videoWallListQuerySchema,
    response: videoWallListSchema,
    access: 'device:videowall:list',
  }),
  devices: operation({
    method: 'GET',
    path: `${WALL}/devices`,
    query: videoWallDevicesQuerySchema,
    response: z.array(videoWallDeviceSchema),
    access: 'device:videowall:info',
  }),
  detail: operation({
    method: 'GET',
    path: `${WALL}/:id`,
    params: idParamsSchema,
    response: videoWallItemSchema,
    access: 'device:videowall:info',
  }),
  create: operation({
    method: 'POST',
    path: WALL,
    body: videoWallRequestSchema,
    response: videoWallItemSchema,
    access: 'device:videowall:add',
  }),
  edit: operation({
    method: 'PUT',
    path: `${WALL}/:id`,
    params: idParamsSchema,
    body: videoWallRequestSchema,
    response: videoWallItemSchema,
    access: 'device:videowall:add',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: WALL,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'device:videowall:add',
  }),
};

/** Wall content (/content/videowall-list): all for holders of res:videowall:list. */
export const videoWallContentOperations = {
  list: operation({
    method: 'GET',
    path: WALL_CONTENT,
    query: videoWallContentListQuerySchema,
    response: videoWallContentListSchema,
    access: 'res:videowall:list',
  }),
  /** The walls to choose from (names and grids), for the wall content form. */
  walls: operation({
    method: 'GET',
    path: `${WALL_CONTENT}/walls`,
    query: videoWallListQuerySchema,
    response: videoWallListSchema,
    access: 'res:videowall:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${WALL_CONTENT}/:id`,
    params: idParamsSchema,
    response: videoWallContentItemSchema,
    access: 'res:videowall:list',
  }),
  create: operation({
    method: 'POST',
    path: WALL_CONTENT,
    body: videoWallContentRequestSchema,
    response: videoWallContentItemSchema,
    access: 'res:videowall:list',
  }),
  edit: operation({
    method: 'PUT',
    path: `${WALL_CONTENT}/:id`,
    params: idParamsSchema,
    body: videoWallContentRequestSchema,
    response: videoWallContentItemSchema,
    access: 'res:videowall:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: WALL_CONTENT,
    body: videoWallContentDeleteRequestSchema,
    response: noDataSchema,
    access: 'res:videowall:list',
  }),
};
