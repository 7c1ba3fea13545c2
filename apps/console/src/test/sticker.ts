import type { StickerItem } from '@vitrine/contract';

// Test data of the sticker page.
export function stickerItem(overrides: Partial<StickerItem> = {}): StickerItem {
  return {
    id: 5,
    name: 'Star badge',
    size: 12_288,
    mime: 'image/png',
    width: 120,
    height: 80,
    url: `/backend/media/${'b'.repeat(64)}`,
    uploader_name: 'ada',
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
