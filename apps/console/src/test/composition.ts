import type { CompositionDetail, CompositionItem, CompositionTemplateItem } from '@vitrine/contract';

// Test data of the composition pages.
export function compositionItem(overrides: Partial<CompositionItem> = {}): CompositionItem {
  return {
    id: 8,
    name: 'Lobby',
    width: 1920,
    height: 1080,
    orientation: 0,
    background_color: '#000000',
    background_content_id: null,
    background_thumbnail_url: null,
    duration: 90,
    zones: [
      { kind: 'media', x: 0, y: 0, width: 1920, height: 900 },
      { kind: 'text', x: 0, y: 900, width: 1920, height: 180 },
    ],
    workspace_id: 11,
    creator_name: 'ada',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function compositionDetail(overrides: Partial<CompositionDetail> = {}): CompositionDetail {
  const { zones: _zones, ...item } = compositionItem();
  const zone = {
    background_color: 'transparent',
    content_id: null,
    playlist_id: null,
    text_id: null,
    sticker_id: null,
    font_id: null,
    ref: null,
    font_family: null,
    font_url: null,
  };
  return {
    ...item,
    background: null,
    zones: [
      {
        ...zone,
        id: 1,
        position: 0,
        name: 'Main',
        kind: 'media',
        x: 0,
        y: 0,
        width: 1920,
        height: 900,
        settings: { fit: 'cover', muted: true, duration: null },
      },
      {
        ...zone,
        id: 2,
        position: 1,
        name: 'Ticker',
        kind: 'text',
        x: 0,
        y: 900,
        width: 1920,
        height: 180,
        settings: {},
        text_id: 31,
        ref: { name: 'Opening hours', type: null, thumbnail_url: null },
      },
    ],
    ...overrides,
  };
}

export function templateItem(overrides: Partial<CompositionTemplateItem> = {}): CompositionTemplateItem {
  return {
    id: 3,
    key: 'main-ticker',
    name: 'Main and ticker',
    shipped: true,
    width: 1920,
    height: 1080,
    orientation: 0,
    background_color: '#000000',
    zones: [
      {
        name: 'Main',
        kind: 'media',
        x: 0,
        y: 0,
        width: 1920,
        height: 960,
        background_color: 'transparent',
        settings: { fit: 'cover', muted: true },
      },
      {
        name: 'Ticker',
        kind: 'text',
        x: 0,
        y: 960,
        width: 1920,
        height: 120,
        background_color: '#000000',
        settings: {},
      },
    ],
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
