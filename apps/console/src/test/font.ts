import type { FontItem } from '@vitrine/contract';

// Test data of the font page.
export function fontItem(overrides: Partial<FontItem> = {}): FontItem {
  return {
    id: 7,
    name: 'Brand Sans',
    family: 'vitrine-font-7',
    format: 'woff2',
    size: 48_128,
    url: `/backend/media/${'a'.repeat(64)}`,
    platform: false,
    editable: true,
    uploader_name: 'ada',
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
