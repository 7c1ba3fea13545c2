import { describe, expect, it } from 'vitest';
import { FLAT_ITEM_LIMIT, flattenPlaylist, type PlaylistItemRow, type PlaylistTree } from './playlists';

// Flattening nested playlists: order, keys, loops and the size bound, without a database.

let nextId = 1;
const item = (playlistId: number, source: Partial<PlaylistItemRow>): PlaylistItemRow => ({
  id: nextId++,
  playlistId,
  position: 0,
  contentId: null,
  childPlaylistId: null,
  textId: null,
  duration: null,
  transition: 'none',
  fit: 'contain',
  muted: true,
  ...source,
});

function treeOf(lists: Record<number, Partial<PlaylistItemRow>[]>): PlaylistTree {
  return new Map(
    Object.entries(lists).map(([id, items]) => [
      Number(id),
      {
        playlist: {
          id: Number(id),
          name: `P${id}`,
          orientation: 0,
          width: 1920,
          height: 1080,
          shuffle: false,
        },
        items: items.map((source) => item(Number(id), source)),
      },
    ]),
  );
}

const contentsOf = (flat: ReturnType<typeof flattenPlaylist>) =>
  flat.map(({ item }) => item.contentId ?? `t${item.textId}`);

describe('flattenPlaylist', () => {
  it('expands nested playlists in place, keeping the order', () => {
    const tree = treeOf({
      1: [{ contentId: 10 }, { childPlaylistId: 2 }, { textId: 5 }, { contentId: 11 }],
      2: [{ contentId: 20 }, { childPlaylistId: 3 }, { contentId: 21 }],
      3: [{ contentId: 30 }],
    });
    expect(contentsOf(flattenPlaylist(tree, 1))).toEqual([10, 20, 30, 21, 't5', 11]);
  });

  it('keys items by the item ids along the way, under a prefix', () => {
    const tree = treeOf({ 1: [{ contentId: 10 }, { childPlaylistId: 2 }], 2: [{ contentId: 20 }] });
    const [outer, nest] = tree.get(1)?.items ?? [];
    const [inner] = tree.get(2)?.items ?? [];
    expect(flattenPlaylist(tree, 1, 'z7/').map((entry) => entry.key)).toEqual([
      `z7/i${outer.id}`,
      `z7/i${nest.id}/i${inner.id}`,
    ]);
  });

  it('plays a playlist nested twice twice, each with its own keys', () => {
    const tree = treeOf({ 1: [{ childPlaylistId: 2 }, { childPlaylistId: 2 }], 2: [{ contentId: 20 }] });
    const flat = flattenPlaylist(tree, 1);
    expect(contentsOf(flat)).toEqual([20, 20]);
    expect(new Set(flat.map((entry) => entry.key)).size).toBe(2);
  });

  it('leaves out a playlist met again inside itself, and what is missing', () => {
    const tree = treeOf({
      1: [{ contentId: 10 }, { childPlaylistId: 2 }, { childPlaylistId: 99 }],
      2: [{ contentId: 20 }, { childPlaylistId: 1 }, { childPlaylistId: 2 }],
    });
    expect(contentsOf(flattenPlaylist(tree, 1))).toEqual([10, 20]);
    expect(contentsOf(flattenPlaylist(tree, 2))).toEqual([20, 10]);
    expect(flattenPlaylist(tree, 42)).toEqual([]);
  });

  it('stops at FLAT_ITEM_LIMIT items however the nesting multiplies', () => {
    // Each level holds the next twice: 2^20 items if nothing stopped it.
    const lists: Record<number, Partial<PlaylistItemRow>[]> = { 20: [{ contentId: 1 }] };
    for (let level = 0; level < 20; level++)
      lists[level] = [{ childPlaylistId: level + 1 }, { childPlaylistId: level + 1 }];
    expect(flattenPlaylist(treeOf(lists), 0)).toHaveLength(FLAT_ITEM_LIMIT);
  });
});
