import {
  ContentType,
  type ItemFit,
  itemSeconds,
  type MediaState,
  ownSeconds,
  type PlaylistItem,
  type PlaylistSummary,
  type Transition,
} from '@vitrine/contract';
import type { playlistItems, playlists } from '../../db/schema';
import { mediaUrl } from '../media';

// Playlist rows → API shapes. Durations and thumbnails are worked out by the service (nested
// playlists count by their own totals) and handed in.

export type PlaylistRow = typeof playlists.$inferSelect & { creatorName: string | null; itemCount: number };

export const presentSummary = (
  row: PlaylistRow,
  duration: number,
  thumbnailHash: string | null,
): PlaylistSummary => ({
  id: row.id,
  name: row.name,
  orientation: row.orientation,
  width: row.width,
  height: row.height,
  shuffle: row.shuffle,
  item_count: row.itemCount,
  duration,
  thumbnail: mediaUrl(thumbnailHash),
  workspace_id: row.workspaceId,
  creator_name: row.creatorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** An item with what it shows: a content, a nested playlist or a text (the others' columns null). */
export type ItemRow = typeof playlistItems.$inferSelect & {
  contentName: string | null;
  contentType: number | null;
  contentState: string | null;
  contentDuration: number | null;
  contentThumbnail: string | null;
  childName: string | null;
  textTitle: string | null;
};

/** A nested playlist's total and thumbnail, by its id. */
export type Nested = { totals: ReadonlyMap<number, number>; thumbnails: ReadonlyMap<number, string> };

export function presentItem(row: ItemRow, nested: Nested): PlaylistItem {
  const common = {
    id: row.id,
    content_id: row.contentId,
    playlist_id: row.childPlaylistId,
    text_id: row.textId,
    duration: row.duration,
    transition: row.transition as Transition,
    fit: row.fit as ItemFit,
    muted: row.muted,
  };
  if (row.childPlaylistId !== null) {
    const total = nested.totals.get(row.childPlaylistId) ?? 0;
    return {
      ...common,
      kind: 'playlist',
      name: row.childName ?? '',
      type: ContentType.playlist,
      thumbnail: mediaUrl(nested.thumbnails.get(row.childPlaylistId) ?? null),
      state: null,
      own_duration: total,
      seconds: total,
    };
  }
  if (row.textId !== null) {
    return {
      ...common,
      kind: 'text',
      name: row.textTitle ?? '',
      type: null,
      thumbnail: null,
      state: null,
      own_duration: null,
      seconds: itemSeconds(row.duration, null),
    };
  }
  const own = ownSeconds(row.contentType ?? 0, row.contentDuration);
  return {
    ...common,
    kind: 'content',
    name: row.contentName ?? '',
    type: row.contentType,
    thumbnail: mediaUrl(row.contentThumbnail),
    state: row.contentState as MediaState,
    own_duration: own,
    seconds: itemSeconds(row.duration, own),
  };
}
