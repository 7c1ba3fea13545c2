import {
  type CanvasOrientation,
  type CompositionDetail,
  type CompositionItem,
  type CompositionTemplateItem,
  ContentType,
  type ZoneKind,
  type ZoneRef,
} from '@vitrine/contract';
import type { compositions, compositionTemplates, compositionZones } from '../../db/schema';
import { mediaUrl } from '../media';

// Composition rows → API shapes.

export type CompositionRow = typeof compositions.$inferSelect & {
  creatorName: string | null;
  backgroundName: string | null;
  backgroundType: number | null;
  backgroundThumbnail: string | null;
};

/** A zone with what its references point at (the joined columns null where it has none). */
export type ZoneRow = typeof compositionZones.$inferSelect & {
  contentName: string | null;
  contentType: number | null;
  contentThumbnail: string | null;
  playlistName: string | null;
  textTitle: string | null;
  stickerName: string | null;
  stickerHash: string | null;
  fontFamily: string | null;
  fontHash: string | null;
};

type Outline = Pick<typeof compositionZones.$inferSelect, 'kind' | 'x' | 'y' | 'width' | 'height'>;

const common = (row: CompositionRow) => ({
  id: row.id,
  name: row.name,
  width: row.width,
  height: row.height,
  orientation: row.orientation as CanvasOrientation,
  background_color: row.backgroundColor,
  background_content_id: row.backgroundContentId,
  background_thumbnail_url: mediaUrl(row.backgroundThumbnail),
  duration: row.duration,
  workspace_id: row.workspaceId,
  creator_name: row.creatorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentItem = (row: CompositionRow, zones: readonly Outline[]): CompositionItem => ({
  ...common(row),
  zones: zones.map((zone) => ({
    kind: zone.kind as ZoneKind,
    x: zone.x,
    y: zone.y,
    width: zone.width,
    height: zone.height,
  })),
});

function refOf(row: ZoneRow): ZoneRef | null {
  if (row.contentId !== null) {
    return {
      name: row.contentName ?? '',
      type: row.contentType,
      thumbnail_url: mediaUrl(row.contentThumbnail),
    };
  }
  if (row.playlistId !== null)
    return { name: row.playlistName ?? '', type: ContentType.playlist, thumbnail_url: null };
  if (row.textId !== null) return { name: row.textTitle ?? '', type: null, thumbnail_url: null };
  if (row.stickerId !== null) {
    return { name: row.stickerName ?? '', type: null, thumbnail_url: mediaUrl(row.stickerHash) };
  }
  return null;
}

export const presentDetail = (row: CompositionRow, zones: readonly ZoneRow[]): CompositionDetail => ({
  ...common(row),
  background:
    row.backgroundContentId === null
      ? null
      : {
          name: row.backgroundName ?? '',
          type: row.backgroundType,
          thumbnail_url: mediaUrl(row.backgroundThumbnail),
        },
  zones: zones.map((zone) => ({
    id: zone.id,
    position: zone.position,
    name: zone.name,
    kind: zone.kind as ZoneKind,
    x: zone.x,
    y: zone.y,
    width: zone.width,
    height: zone.height,
    background_color: zone.backgroundColor,
    settings: zone.settings,
    content_id: zone.contentId,
    playlist_id: zone.playlistId,
    text_id: zone.textId,
    sticker_id: zone.stickerId,
    font_id: zone.fontId,
    ref: refOf(zone),
    font_family: zone.fontFamily,
    font_url: mediaUrl(zone.fontHash),
  })),
});

export const presentTemplate = (row: typeof compositionTemplates.$inferSelect): CompositionTemplateItem => ({
  id: row.id,
  key: row.key,
  name: row.name,
  shipped: row.companyId === null,
  width: row.width,
  height: row.height,
  orientation: row.orientation as CanvasOrientation,
  background_color: row.backgroundColor,
  zones: row.zones.map((zone) => ({ ...zone, kind: zone.kind as ZoneKind })),
  created_at: row.createdAt.toISOString(),
});
