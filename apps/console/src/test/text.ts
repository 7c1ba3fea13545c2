import type { TextItem } from '@vitrine/contract';

// Test data of the text message pages.
export function textItem(overrides: Partial<TextItem> = {}): TextItem {
  return {
    id: 31,
    title: 'Opening hours',
    content: 'Open every day from 9 to 17',
    position: 'bottom',
    direction: 'left',
    speed: 4,
    color: '#ffffff',
    background_color: '#000000',
    font_size: 48,
    font_id: null,
    font_family: null,
    font_url: null,
    creator_name: 'ada',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}
