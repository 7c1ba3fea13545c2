import {
  type ApprovalState,
  type ContentItem,
  ContentType,
  type Folder,
  h5EntryUrl,
  type MediaState,
} from '@vitrine/contract';
import type { contentFolders, contents } from '../../db/schema';
import { mediaUrl } from '../media';

// Content rows → API shapes. Files are served by hash (GET /backend/media/:hash): the item names
// the one a browser plays (the converted file when there is one) and its thumbnail.

export type ContentRow = typeof contents.$inferSelect & {
  uploaderName: string | null;
  reviewerName: string | null;
};

export const presentContent = (row: ContentRow): ContentItem => ({
  id: row.id,
  name: row.name,
  type: row.type,
  folder_id: row.folderId,
  size: row.size,
  duration: row.duration,
  width: row.width,
  height: row.height,
  mime: row.mime,
  hash: row.hash,
  url: mediaUrl(row.playableHash ?? row.hash),
  thumbnail: mediaUrl(row.thumbnailHash),
  meta: row.meta,
  state: row.state as MediaState,
  problem: row.problem,
  link: row.link,
  refresh_seconds: row.refreshSeconds,
  zoom: row.zoom,
  uploader_id: row.uploaderId,
  uploader_name: row.uploaderName,
  approval_state: row.approvalState as ApprovalState,
  reviewer_id: row.reviewerId,
  reviewer_name: row.reviewerName,
  reject_reason: row.rejectReason,
  template_type_id: row.templateTypeId,
  // An H5 package is served extracted once processing made it ready.
  entry_url: row.type === ContentType.h5 && row.state === 'ready' && row.hash ? h5EntryUrl(row.hash) : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  deleted_at: row.deletedAt?.toISOString() ?? null,
});

export type FolderRow = typeof contentFolders.$inferSelect & { count: number };

export const presentFolder = (row: FolderRow): Folder => ({
  folder_id: row.id,
  name: row.name,
  is_default: row.isDefault,
  count: row.count,
});
