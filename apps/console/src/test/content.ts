import { type ContentItem, ContentType, type Folder } from '@vitrine/contract';

// Test data of the content pages. The fake server and page rendering come from the account
// feature's helpers (features/account/testing.tsx), the session from the team's.

export function contentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 11,
    name: 'Spring sale.png',
    type: ContentType.image,
    folder_id: 1,
    size: 2 * 1024 * 1024,
    duration: null,
    width: 1920,
    height: 1080,
    mime: 'image/png',
    hash: 'a'.repeat(64),
    url: `/backend/media/${'a'.repeat(64)}`,
    thumbnail: `/backend/media/${'b'.repeat(64)}`,
    meta: { format: 'PNG' },
    state: 'ready',
    problem: null,
    link: null,
    refresh_seconds: null,
    zoom: null,
    uploader_id: 7,
    uploader_name: 'ada',
    approval_state: 'approved',
    reviewer_id: null,
    reviewer_name: null,
    reject_reason: null,
    template_type_id: null,
    entry_url: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

export function folder(overrides: Partial<Folder> = {}): Folder {
  return { folder_id: 1, name: 'Default', is_default: true, count: 3, ...overrides };
}
