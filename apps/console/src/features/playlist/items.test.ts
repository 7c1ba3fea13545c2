import { ContentType, PLAYLIST_DEFAULT_ITEM_SECONDS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { contentItem } from '../../test/content';
import { playlistItem, playlistSummary } from '../../test/playlist';
import { textItem } from '../../test/text';
import {
  draftOfContent,
  draftOfItem,
  draftOfPlaylist,
  draftOfText,
  itemsBody,
  moveItem,
  totalSeconds,
} from './items';

const image = draftOfContent(contentItem());
const video = draftOfContent(contentItem({ id: 12, type: ContentType.video, duration: 42 }));
const text = draftOfText(textItem());
const nested = draftOfPlaylist(playlistSummary({ id: 50, duration: 30 }));

describe('playlist items', () => {
  it('times items by the contract: set, else own length (video, music), else the default; playlists by their total', () => {
    expect(video.own_duration).toBe(42);
    expect(draftOfContent(contentItem({ duration: 42 })).own_duration).toBeNull();
    expect(totalSeconds([image, video, text, nested])).toBe(PLAYLIST_DEFAULT_ITEM_SECONDS * 2 + 42 + 30);
    expect(
      totalSeconds([
        { ...video, duration: 5 },
        { ...nested, duration: 99 },
      ]),
    ).toBe(35);
    expect(totalSeconds([])).toBe(0);
  });

  it('sends one id per item in order, and no duration for a nested playlist', () => {
    expect(
      itemsBody([
        { ...nested, duration: 9 },
        { ...text, transition: 'fade' },
        { ...video, muted: false },
      ]),
    ).toEqual([
      { playlist_id: 50, duration: null, transition: 'none', fit: 'contain', muted: true },
      { text_id: 31, duration: null, transition: 'fade', fit: 'contain', muted: true },
      { content_id: 12, duration: null, transition: 'none', fit: 'contain', muted: false },
    ]);
  });

  it('reads saved items back, each with a key of its own', () => {
    const saved = draftOfItem(playlistItem({ kind: 'text', content_id: null, text_id: 31, type: null }));
    expect(saved).toMatchObject({ source: 'text', id: 31, kind: 'text' });
    expect(saved.key).not.toBe(draftOfItem(playlistItem()).key);
    expect(draftOfItem(playlistItem({ type: ContentType.music, own_duration: 180 }))).toMatchObject({
      kind: 'music',
      own_duration: 180,
    });
  });

  it('moves an item onto the place of another', () => {
    const moved = moveItem([image, video, text], image.key, text.key);
    expect(moved.map((item) => item.key)).toEqual([video.key, text.key, image.key]);
    expect(moveItem([image, video], image.key, 'gone').map((item) => item.key)).toEqual([
      image.key,
      video.key,
    ]);
  });
});
