import { z } from 'zod';
import { canvasSideSchema, orientationQuerySchema, orientationSchema } from './composition';
import { contentDeleteRequestSchema, MEDIA_STATES } from './content';
import { ContentType } from './enums';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { ITEM_FITS, TRANSITIONS } from './program';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema } from './validation';

// Playlists under /backend/manager/playlist: ordered items, each one library content, one
// text message or one other playlist (nested; never so that a playlist contains itself). Screens
// play them through the Program the server builds from them (program.ts).

/** Items one playlist holds at most. */
export const PLAYLIST_ITEM_LIMIT = 500;
/** Seconds an item stays when nobody set its duration and it has no length of its own. */
export const PLAYLIST_DEFAULT_ITEM_SECONDS = 10;
/** An item's duration when set: from one second to a day. */
export const PLAYLIST_ITEM_SECONDS_MIN = 1;
export const PLAYLIST_ITEM_SECONDS_MAX = 86_400;

// ── Rules shared by the editor and the server ──────────────────────────────────────────────

/** Content whose items last as long as their media unless a duration is set. */
export const TIMED_CONTENT_TYPES: readonly number[] = [ContentType.video, ContentType.music];

/** An item's own length: a video's or a piece of music's, when known; nothing else has one. */
export const ownSeconds = (type: number, mediaSeconds: number | null): number | null =>
  TIMED_CONTENT_TYPES.includes(type) && mediaSeconds !== null && mediaSeconds > 0 ? mediaSeconds : null;

/** How long an item plays: the duration set, else its own length, else the default. */
export const itemSeconds = (duration: number | null, own: number | null): number =>
  duration ?? own ?? PLAYLIST_DEFAULT_ITEM_SECONDS;

/** An item as the totals see it: a nested playlist lasts as long as its own items, whatever is set. */
export type TimedItem = { duration: number | null; own: number | null; child: number | null };

/**
 * Each playlist's total seconds, nested playlists counted by their own totals. A playlist met
 * again inside itself (which the server refuses to store) counts nothing there.
 */
export function playlistTotals(items: ReadonlyMap<number, readonly TimedItem[]>): Map<number, number> {
  const totals = new Map<number, number>();
  const open = new Set<number>();
  const totalOf = (id: number): number => {
    const known = totals.get(id);
    if (known !== undefined) return known;
    if (open.has(id)) return 0;
    open.add(id);
    let total = 0;
    for (const item of items.get(id) ?? []) {
      total += item.child === null ? itemSeconds(item.duration, item.own) : totalOf(item.child);
    }
    open.delete(id);
    totals.set(id, total);
    return total;
  };
  for (const id of items.keys()) totalOf(id);
  return totals;
}

/**
 * Whether giving `parent` these child playlists would make it contain itself, directly or through
 * them. `children` maps playlists to the playlists they hold now.
 */
export function createsLoop(
  children: ReadonlyMap<number, readonly number[]>,
  parent: number,
  added: readonly number[],
): boolean {
  const seen = new Set<number>();
  const stack = [...added];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (id === parent) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return false;
}

// ── Calls ──────────────────────────────────────────────────────────────────────────────────

/** One item of a playlist as saved: exactly one of content_id, playlist_id and text_id. */
export const playlistItemRequestSchema = z
  .object({
    content_id: bodyIdSchema.nullish(),
    playlist_id: bodyIdSchema.nullish(),
    text_id: bodyIdSchema.nullish(),
    /** Seconds; null: the item's own length or the default (a nested playlist keeps its own). */
    duration: z
      .number({ error: 'playlist.duration' })
      .min(PLAYLIST_ITEM_SECONDS_MIN, 'playlist.duration')
      .max(PLAYLIST_ITEM_SECONDS_MAX, 'playlist.duration')
      .nullish()
      .transform((value) => value ?? null),
    transition: z.enum(TRANSITIONS, { error: 'playlist.transition' }).default('none'),
    fit: z.enum(ITEM_FITS, { error: 'playlist.fit' }).default('contain'),
    muted: z.boolean({ error: 'validation.boolean' }).default(true),
  })
  .refine(
    (item) => [item.content_id, item.playlist_id, item.text_id].filter((id) => id != null).length === 1,
    'playlist.itemSource',
  );
export type PlaylistItemRequest = z.input<typeof playlistItemRequestSchema>;
export type PlaylistItemFields = z.output<typeof playlistItemRequestSchema>;

/** POST playlist, PUT playlist/:id (which replaces everything, items included, in their order). */
export const playlistRequestSchema = z.object({
  name: nameSchema,
  orientation: orientationSchema.default(0),
  width: canvasSideSchema.default(1920),
  height: canvasSideSchema.default(1080),
  /** Played in a new random order on each pass. */
  shuffle: z.boolean({ error: 'validation.boolean' }).default(false),
  items: z
    .array(playlistItemRequestSchema, { error: 'playlist.items' })
    .min(1, 'playlist.items')
    .max(PLAYLIST_ITEM_LIMIT, 'playlist.itemLimit'),
});
export type PlaylistRequest = z.input<typeof playlistRequestSchema>;
export type PlaylistFields = z.output<typeof playlistRequestSchema>;

/** POST playlist/:id/copy: the copy's name, else the original's marked as a copy; no body at all will do. */
export const playlistCopyRequestSchema = z
  .object({ name: nameSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type PlaylistCopyRequest = z.input<typeof playlistCopyRequestSchema>;

export const PLAYLIST_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'duration'] as const;
export const playlistListQuerySchema = listQuerySchema(PLAYLIST_SORT_COLUMNS).extend({
  orientation: orientationQuerySchema,
});
export type PlaylistListQuery = z.input<typeof playlistListQuerySchema>;

/** A playlist in the list: its items counted and timed, the first picture as its thumbnail. */
export const playlistSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  orientation: z.number(),
  width: z.number(),
  height: z.number(),
  shuffle: z.boolean(),
  item_count: z.number(),
  /** Seconds of one pass, nested playlists included. */
  duration: z.number(),
  thumbnail: z.string().nullable(),
  workspace_id: z.number(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;
export const playlistListSchema = listResultSchema(playlistSummarySchema);

export const PLAYLIST_ITEM_KINDS = ['content', 'playlist', 'text'] as const;
export type PlaylistItemKind = (typeof PLAYLIST_ITEM_KINDS)[number];

/** An item as GET playlist/:id shows it: what it is, resolved. */
export const playlistItemSchema = z.object({
  id: z.number(),
  kind: z.enum(PLAYLIST_ITEM_KINDS),
  content_id: z.number().nullable(),
  playlist_id: z.number().nullable(),
  text_id: z.number().nullable(),
  /** The content's, playlist's or text's name (a text's title). */
  name: z.string(),
  /** ContentType; ContentType.playlist for nested playlists; null for texts. */
  type: z.number().nullable(),
  thumbnail: z.string().nullable(),
  state: z.enum(MEDIA_STATES).nullable(),
  duration: z.number().nullable(),
  /** Its own length: a video's or music's, a nested playlist's total; null otherwise. */
  own_duration: z.number().nullable(),
  /** How long it plays (itemSeconds, or a nested playlist's total). */
  seconds: z.number(),
  transition: z.enum(TRANSITIONS),
  fit: z.enum(ITEM_FITS),
  muted: z.boolean(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistDetailSchema = playlistSummarySchema.extend({ items: z.array(playlistItemSchema) });
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

// ── Operations (spec 000 §2 /content/play-list, …/add, …/{id}) ─────────────────────────────
// The list page's calls (list, delete, copy) need res:playlist:list, making one res:playlist:add,
// the editor's (show, save) res:playlist:info.

const PLAYLIST = '/backend/manager/playlist';

export const playlistOperations = {
  list: operation({
    method: 'GET',
    path: PLAYLIST,
    query: playlistListQuerySchema,
    response: playlistListSchema,
    access: 'res:playlist:list',
  }),
  create: operation({
    method: 'POST',
    path: PLAYLIST,
    body: playlistRequestSchema,
    response: playlistDetailSchema,
    access: 'res:playlist:add',
  }),
  /** { ids, detach }: with detach, playlists in use are first removed from what uses them. */
  deleteMany: operation({
    method: 'DELETE',
    path: PLAYLIST,
    body: contentDeleteRequestSchema,
    response: noDataSchema,
    access: 'res:playlist:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${PLAYLIST}/:id`,
    params: idParamsSchema,
    response: playlistDetailSchema,
    access: 'res:playlist:info',
  }),
  update: operation({
    method: 'PUT',
    path: `${PLAYLIST}/:id`,
    params: idParamsSchema,
    body: playlistRequestSchema,
    response: playlistDetailSchema,
    access: 'res:playlist:info',
  }),
  copy: operation({
    method: 'POST',
    path: `${PLAYLIST}/:id/copy`,
    params: idParamsSchema,
    body: playlistCopyRequestSchema,
    response: playlistDetailSchema,
    access: 'res:playlist:list',
  }),
};
