import { ContentType, type TemplateType } from '@vitrine/contract';
import { contentItem } from './content';

// Test data of the template pages.
export function templateType(overrides: Partial<TemplateType> = {}): TemplateType {
  return {
    id: 4,
    name: 'Lobby',
    name_key: null,
    sort: 10,
    platform: false,
    editable: true,
    content_count: 2,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A mobile template: an extracted H5 package. */
export function h5Item(overrides: Parameters<typeof contentItem>[0] = {}) {
  const hash = 'c'.repeat(64);
  return contentItem({
    id: 51,
    name: 'Welcome.zip',
    type: ContentType.h5,
    size: 300 * 1024,
    width: null,
    height: null,
    mime: 'application/zip',
    hash,
    url: `/backend/media/${hash}`,
    thumbnail: null,
    meta: {},
    template_type_id: 4,
    entry_url: `/backend/media/h5/${hash}/index.html`,
    ...overrides,
  });
}
