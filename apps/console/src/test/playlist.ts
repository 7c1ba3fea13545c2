import type { PlaylistDetail, PlaylistItem, PlaylistSummary } from '@vitrine/contract';

// Test data of the playlist pages. The fake server and page rendering come from the account
// feature's helpers (features/account/testing.tsx), the session from the team's.

export function playlistSummary(overrides: Partial<PlaylistSummary> = {}): PlaylistSummary {
  return {
    id: 41,
    name: 'Morning loop',
    orientation: 0,
    width: 1920,
    height: 1080,
    shuffle: false,
    item_count: 3,
    duration: 95,
    thumbnail: `/backend/media/${'c'.repeat(64)}`,
    workspace_id: 11,
    creator_name: 'ada',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function playlistItem(overrides: Partial<PlaylistItem> = {}): PlaylistItem {
  return {
    id: 1,
    kind: 'content',
    content_id: 11,
    playlist_id: null,
    text_id: null,
    name: 'Spring sale.png',
    type: 1,
    thumbnail: `/backend/media/${'b'.repeat(64)}`,
    state: 'ready',
    duration: null,
    own_duration: null,
    seconds: 10,
    transition: 'none',
    fit: 'contain',
    muted: true,
    ...overrides,
  };
}

export function playlistDetail(overrides: Partial<PlaylistDetail> = {}): PlaylistDetail {
  const items = overrides.items ?? [playlistItem()];
  return { ...playlistSummary({ item_count: items.length }), items, ...overrides };
}
