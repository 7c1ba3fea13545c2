import { and, asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playlistItems, playlists } from '../../db/schema';
import { NESTING_LIMIT } from '../../platform/screen-changes';
import type { Reach } from './reach';

// Playlists as screens play them: nested playlists flattened into their parent's order. The
// server refuses to store a loop, yet one may still arise (two saves at once): a playlist met
// again inside itself is left out there, and a pass never grows past FLAT_ITEM_LIMIT items.

export type PlaylistRow = Pick<
  typeof playlists.$inferSelect,
  'id' | 'name' | 'orientation' | 'width' | 'height' | 'shuffle'
>;
export type PlaylistItemRow = typeof playlistItems.$inferSelect;
/** Playlists by id with their items in order. */
export type PlaylistTree = Map<number, { playlist: PlaylistRow; items: PlaylistItemRow[] }>;

/** Items one flattened pass holds at most (a playlist nested twice in each of many levels multiplies). */
export const FLAT_ITEM_LIMIT = 5000;

/** The playlists and every playlist nested in them, a level per query, within reach. */
export async function loadPlaylists(db: Db, reach: Reach, ids: readonly number[]): Promise<PlaylistTree> {
  const tree: PlaylistTree = new Map();
  let frontier = [...new Set(ids)];
  for (let level = 0; frontier.length > 0 && level < NESTING_LIMIT; level++) {
    const rows = await db
      .select({
        id: playlists.id,
        name: playlists.name,
        orientation: playlists.orientation,
        width: playlists.width,
        height: playlists.height,
        shuffle: playlists.shuffle,
      })
      .from(playlists)
      .where(and(inArray(playlists.id, frontier), reach.rows(playlists)));
    if (rows.length === 0) break;
    for (const playlist of rows) tree.set(playlist.id, { playlist, items: [] });
    const items = await db
      .select()
      .from(playlistItems)
      .where(
        inArray(
          playlistItems.playlistId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(playlistItems.playlistId), asc(playlistItems.position), asc(playlistItems.id));
    for (const item of items) tree.get(item.playlistId)?.items.push(item);
    frontier = [
      ...new Set(
        items.flatMap((item) =>
          item.childPlaylistId !== null && !tree.has(item.childPlaylistId) ? [item.childPlaylistId] : [],
        ),
      ),
    ];
  }
  return tree;
}

/** One content or text item of a flattened playlist, with its key in the program. */
export type FlatItem = { key: string; item: PlaylistItemRow };

/**
 * A playlist's content and text items in playing order, nested playlists expanded in place. Keys
 * are the item ids along the way (`<prefix>i12/i40`): stable while the items are.
 */
export function flattenPlaylist(tree: PlaylistTree, rootId: number, prefix = ''): FlatItem[] {
  const flat: FlatItem[] = [];
  const walk = (id: number, keyPrefix: string, path: readonly number[]) => {
    for (const item of tree.get(id)?.items ?? []) {
      if (flat.length >= FLAT_ITEM_LIMIT) return;
      const key = `${keyPrefix}i${item.id}`;
      if (item.childPlaylistId === null) flat.push({ key, item });
      else if (!path.includes(item.childPlaylistId))
        walk(item.childPlaylistId, `${key}/`, [...path, item.childPlaylistId]);
    }
  };
  walk(rootId, prefix, [rootId]);
  return flat;
}
