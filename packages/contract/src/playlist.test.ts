import { describe, expect, it } from 'vitest';
import { ContentType } from './enums';
import {
  createsLoop,
  itemSeconds,
  ownSeconds,
  PLAYLIST_DEFAULT_ITEM_SECONDS,
  PLAYLIST_ITEM_LIMIT,
  playlistCopyRequestSchema,
  playlistListQuerySchema,
  playlistRequestSchema,
  playlistTotals,
  type TimedItem,
} from './playlist';

const messagesOf = (input: unknown) => {
  const result = playlistRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('item durations', () => {
  it('gives video and music their own length, and nothing else one', () => {
    expect(ownSeconds(ContentType.video, 12.5)).toBe(12.5);
    expect(ownSeconds(ContentType.music, 180)).toBe(180);
    expect(ownSeconds(ContentType.video, null)).toBeNull();
    expect(ownSeconds(ContentType.video, 0)).toBeNull();
    expect(ownSeconds(ContentType.image, 30)).toBeNull();
    expect(ownSeconds(ContentType.document, 30)).toBeNull();
  });

  it('plays the duration set, else the own length, else the default', () => {
    expect(itemSeconds(5, 120)).toBe(5);
    expect(itemSeconds(null, 120)).toBe(120);
    expect(itemSeconds(null, null)).toBe(PLAYLIST_DEFAULT_ITEM_SECONDS);
  });
});

describe('playlistTotals', () => {
  const content = (duration: number | null, own: number | null = null): TimedItem => ({
    duration,
    own,
    child: null,
  });
  const nested = (child: number, duration: number | null = 99): TimedItem => ({ duration, own: null, child });

  it('adds the items up, nested playlists by their own totals whatever duration their item has', () => {
    const totals = playlistTotals(
      new Map([
        [1, [content(5), content(null, 30), content(null), nested(2)]],
        [2, [content(2), nested(3)]],
        [3, [content(null, 7.5)]],
        [4, []],
      ]),
    );
    expect(totals.get(3)).toBe(7.5);
    expect(totals.get(2)).toBe(9.5);
    expect(totals.get(1)).toBe(5 + 30 + PLAYLIST_DEFAULT_ITEM_SECONDS + 9.5);
    expect(totals.get(4)).toBe(0);
  });

  it('counts a playlist nested twice twice, and a loop (never stored) as nothing where it closes', () => {
    const twice = playlistTotals(
      new Map([
        [1, [nested(2), nested(2)]],
        [2, [content(3)]],
      ]),
    );
    expect(twice.get(1)).toBe(6);
    const loop = playlistTotals(
      new Map([
        [1, [content(1), nested(2)]],
        [2, [content(2), nested(1)]],
      ]),
    );
    expect(loop.get(1)).toBe(3);
  });

  it('counts a child it was not given as empty', () => {
    expect(playlistTotals(new Map([[1, [content(4), nested(9)]]])).get(1)).toBe(4);
  });
});

describe('createsLoop', () => {
  const children = new Map<number, number[]>([
    [1, [2]],
    [2, [3, 4]],
    [3, []],
    [5, [5]],
  ]);

  it('refuses a playlist inside itself', () => {
    expect(createsLoop(children, 7, [7])).toBe(true);
  });

  it('refuses a child that holds the parent, however deep', () => {
    expect(createsLoop(children, 2, [1])).toBe(true);
    expect(createsLoop(children, 4, [1])).toBe(true);
    expect(createsLoop(children, 3, [4, 1])).toBe(true);
  });

  it('allows children that do not lead back, shared ones included', () => {
    expect(createsLoop(children, 1, [2, 3, 4])).toBe(false);
    expect(createsLoop(children, 6, [1, 2])).toBe(false);
    expect(createsLoop(children, 6, [])).toBe(false);
  });

  it('ends on an existing loop it does not close', () => {
    expect(createsLoop(children, 6, [5])).toBe(false);
  });
});

describe('playlistRequestSchema', () => {
  const item = { content_id: 1 };

  it('fills in the defaults', () => {
    expect(
      playlistRequestSchema.parse({ name: ' Lobby ', items: [item, { text_id: 2, duration: 4 }] }),
    ).toEqual({
      name: 'Lobby',
      orientation: 0,
      width: 1920,
      height: 1080,
      shuffle: false,
      items: [
        { content_id: 1, duration: null, transition: 'none', fit: 'contain', muted: true },
        { text_id: 2, duration: 4, transition: 'none', fit: 'contain', muted: true },
      ],
    });
  });

  it('answers the spec’s messages: a name is required, at most 64 characters; at least one content', () => {
    expect(messagesOf({ items: [item] })).toEqual(['validation.name.required']);
    expect(messagesOf({ name: '   ', items: [item] })).toEqual(['validation.name.required']);
    expect(messagesOf({ name: 'x'.repeat(65), items: [item] })).toEqual(['validation.name.max']);
    expect(messagesOf({ name: 'x'.repeat(64), items: [item] })).toEqual([]);
    expect(messagesOf({ name: 'Lobby', items: [] })).toEqual(['playlist.items']);
    expect(messagesOf({ name: 'Lobby' })).toEqual(['playlist.items']);
  });

  it('takes exactly one source per item', () => {
    expect(messagesOf({ name: 'L', items: [{}] })).toEqual(['playlist.itemSource']);
    expect(messagesOf({ name: 'L', items: [{ content_id: 1, text_id: 2 }] })).toEqual([
      'playlist.itemSource',
    ]);
    expect(messagesOf({ name: 'L', items: [{ content_id: null, playlist_id: 3 }] })).toEqual([]);
  });

  it('limits items, durations, orientation, resolution, transitions and fits', () => {
    expect(messagesOf({ name: 'L', items: Array(PLAYLIST_ITEM_LIMIT + 1).fill(item) })).toEqual([
      'playlist.itemLimit',
    ]);
    expect(messagesOf({ name: 'L', items: Array(PLAYLIST_ITEM_LIMIT).fill(item) })).toEqual([]);
    expect(messagesOf({ name: 'L', items: [{ ...item, duration: 0.5 }] })).toEqual(['playlist.duration']);
    expect(messagesOf({ name: 'L', items: [{ ...item, duration: 86_401 }] })).toEqual(['playlist.duration']);
    expect(messagesOf({ name: 'L', orientation: 45, items: [item] })).toEqual(['composition.orientation']);
    expect(messagesOf({ name: 'L', orientation: 270, items: [item] })).toEqual([]);
    expect(messagesOf({ name: 'L', width: 10, height: 1.5, items: [item] })).toEqual([
      'composition.canvas',
      'composition.canvas',
    ]);
    expect(messagesOf({ name: 'L', items: [{ ...item, transition: 'spin', fit: 'stretch' }] })).toEqual([
      'playlist.transition',
      'playlist.fit',
    ]);
  });
});

describe('the list query and the copy', () => {
  it('sorts by duration and filters by orientation', () => {
    expect(playlistListQuerySchema.parse({ sort: 'duration,desc', orientation: '90' })).toMatchObject({
      sort: 'duration,desc',
      orientation: 90,
    });
    expect(playlistListQuerySchema.safeParse({ orientation: '45' }).success).toBe(false);
  });

  it('names a copy when told, and takes no body at all', () => {
    expect(playlistCopyRequestSchema.parse(undefined)).toEqual({});
    expect(playlistCopyRequestSchema.parse(null)).toEqual({});
    expect(playlistCopyRequestSchema.parse({ name: ' Lobby 2 ' })).toEqual({ name: 'Lobby 2' });
  });
});
