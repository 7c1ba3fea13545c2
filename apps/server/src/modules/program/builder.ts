import {
  CLOCK_FORMATS,
  type ClockFormat,
  type CompositionFields,
  ContentType,
  ITEM_FITS,
  ITEM_SCHEDULE_TYPES,
  type ItemFit,
  itemSeconds,
  orientationFits,
  ownSeconds,
  type PlayItem,
  type PlaylistFields,
  PROGRAM_SCHEDULE_TYPES,
  type Program,
  type ProgramKind,
  type ProgramRef,
  type ProgramZone,
  ScheduleType,
  type Transition,
  wallCanvas,
  ZONE_SETTINGS_DEFAULTS,
  type ZoneKind,
} from '@vitrine/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  compositions,
  compositionZones,
  scheduleItems,
  schedules,
  videoWallContents,
  videoWalls,
} from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { screenOf } from '../video-wall';
import {
  contentItem,
  type Library,
  loadLibrary,
  mediaOf,
  type Showing,
  stickerItem,
  textItem,
} from './library';
import { type FlatItem, flattenPlaylist, loadPlaylists, type PlaylistTree } from './playlists';
import type { Reach } from './reach';

// The one builder of what a screen plays (DESIGN: modules/program): a stored playlist, a stored
// composition or an editor's draft of one, turned into a contract Program. Each kind of row is read
// once for the whole program (nested playlists a level at a time), never once per item.

export type BuildContext = { db: Db; storage: Storage };

/** A composition as the builder reads it, stored or a draft. */
export type CompositionSource = {
  id: number;
  name: string;
  width: number;
  height: number;
  backgroundColor: string;
  backgroundContentId: number | null;
  /** Seconds of one pass. */
  duration: number;
  zones: ZoneSource[];
};

export type ZoneSource = {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: ZoneKind;
  contentId: number | null;
  playlistId: number | null;
  textId: number | null;
  stickerId: number | null;
  fontId: number | null;
  backgroundColor: string;
  settings: Readonly<Record<string, unknown>>;
};

/** The id of a program built from a draft: no stored playlist or composition has it. */
export const DRAFT_ID = 0;
/** The colour around a playlist's items. */
const PLAYLIST_BACKGROUND = '#000000';
const ZONE_TRANSPARENT = 'transparent';

const fitOf = (settings: Readonly<Record<string, unknown>>, fallback: ItemFit): ItemFit =>
  ITEM_FITS.includes(settings.fit as ItemFit) ? (settings.fit as ItemFit) : fallback;
const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** A playlist's item as shown: its own settings, its duration by the playlists' rule. */
function playlistEntryItem(library: Library, { key, item }: FlatItem): PlayItem | null {
  const showing = (own: number | null): Showing => ({
    key,
    seconds: itemSeconds(item.duration, own),
    transition: item.transition as Transition,
    fit: item.fit as ItemFit,
    muted: item.muted,
  });
  if (item.contentId !== null) {
    const row = library.contents.get(item.contentId);
    return row ? contentItem(library, row.id, showing(ownSeconds(row.type, row.duration))) : null;
  }
  if (item.textId !== null) return textItem(library, item.textId, showing(null));
  return null;
}

const playItems = (library: Library, flat: readonly FlatItem[]) =>
  flat.flatMap((entry) => playlistEntryItem(library, entry) ?? []);

const totalMs = (items: readonly PlayItem[]) => items.reduce((sum, item) => sum + item.duration_ms, 0);

/** What the flattened items refer to. */
const refsOfItems = (flat: readonly FlatItem[]) => ({
  contents: flat.flatMap(({ item }) => (item.contentId === null ? [] : [item.contentId])),
  texts: flat.flatMap(({ item }) => (item.textId === null ? [] : [item.textId])),
});

/** A stored playlist as a program: one zone over its canvas. Null when out of reach. */
export async function playlistProgram(ctx: BuildContext, reach: Reach, id: number): Promise<Program | null> {
  const tree = await loadPlaylists(ctx.db, reach, [id]);
  return tree.has(id) ? playlistOfTree(ctx, reach, tree, id) : null;
}

/** A playlist whose tree is loaded (a stored one, or a draft as DRAFT_ID). */
async function playlistOfTree(
  ctx: BuildContext,
  reach: Reach,
  tree: PlaylistTree,
  id: number,
): Promise<Program> {
  const { playlist } = tree.get(id) as NonNullable<ReturnType<PlaylistTree['get']>>;
  // The resolution is a hint, its orientation the choice: a portrait playlist gets a tall canvas.
  const hint = { width: playlist.width, height: playlist.height };
  const canvas = orientationFits(hint, playlist.orientation as 0 | 90 | 180 | 270)
    ? hint
    : { width: hint.height, height: hint.width };
  return oneZoneProgram(
    ctx,
    reach,
    { kind: 'playlist', id, name: playlist.name, ...canvas, shuffle: playlist.shuffle },
    flattenPlaylist(tree, id),
  );
}

/** What a one-zone program is besides its items. */
type OneZoneHead = Pick<Program, 'kind' | 'id' | 'name' | 'width' | 'height'> & { shuffle: boolean };

/**
 * Items played in order in one zone over the whole canvas: a playlist (nested ones flattened), or
 * the items of a standard, template or insert schedule.
 */
async function oneZoneProgram(
  ctx: BuildContext,
  reach: Reach,
  { shuffle, ...head }: OneZoneHead,
  flat: readonly FlatItem[],
): Promise<Program> {
  const library = await loadLibrary(ctx.db, ctx.storage, reach, {
    ...refsOfItems(flat),
    stickers: [],
    fonts: [],
  });
  const items = playItems(library, flat);
  const canvas = { width: head.width, height: head.height };
  return {
    ...head,
    background_color: PLAYLIST_BACKGROUND,
    background: null,
    duration_ms: totalMs(items),
    zones: [{ key: 'main', x: 0, y: 0, ...canvas, z: 0, background_color: ZONE_TRANSPARENT, shuffle, items }],
  };
}

/** An item schedule's items as its program plays them (its own settings are a playlist's defaults). */
export type ScheduleItemSource = { id: number; contentId: number; duration: number | null };

/**
 * A standard, template or insert schedule as a program (kind 'schedule', the schedule's id): its
 * items in order in one zone, on the canvas of the screen it plays on.
 */
export function scheduleItemsProgram(
  ctx: BuildContext,
  reach: Reach,
  schedule: { id: number; name: string; width: number; height: number },
  items: readonly ScheduleItemSource[],
): Promise<Program> {
  const flat = items.map(
    (item, position): FlatItem => ({
      key: `s${item.id}`,
      item: {
        id: item.id,
        playlistId: DRAFT_ID,
        position,
        contentId: item.contentId,
        childPlaylistId: null,
        textId: null,
        duration: item.duration,
        transition: 'none',
        fit: 'contain',
        muted: true,
      },
    }),
  );
  return oneZoneProgram(ctx, reach, { kind: 'schedule', ...schedule, shuffle: false }, flat);
}

/** The long side of a wall's canvas in a program, in pixels (the wall's millimetres scaled to it). */
const WALL_CANVAS_PX = 3840;

/**
 * A video-wall schedule's wall content as a program (kind 'schedule', the schedule's id): its
 * image, video or playlist in one zone over the wall's whole canvas (the wall's measures in
 * millimetres, scaled), every item laid out as the wall content says (cover, contain or fill).
 * Each screen of the wall shows only its own part of it (the player's fitOnWall). Null when out of
 * reach.
 */
export async function wallContentProgram(
  ctx: BuildContext,
  reach: Reach,
  schedule: { id: number; name: string },
  wallContentId: number,
): Promise<Program | null> {
  const [laid] = await ctx.db
    .select({
      wall: videoWalls,
      contentId: videoWallContents.contentId,
      playlistId: videoWallContents.playlistId,
      fit: videoWallContents.fit,
    })
    .from(videoWallContents)
    .innerJoin(videoWalls, eq(videoWalls.id, videoWallContents.wallId))
    .where(and(eq(videoWallContents.id, wallContentId), reach.rows(videoWallContents)));
  if (!laid) return null;
  const mm = wallCanvas(screenOf(laid.wall));
  const scale = WALL_CANVAS_PX / Math.max(mm.width, mm.height);
  const canvas = {
    width: Math.max(1, Math.round(mm.width * scale)),
    height: Math.max(1, Math.round(mm.height * scale)),
  };
  const fit = laid.fit as ItemFit;
  let flat: FlatItem[] = [];
  if (laid.playlistId !== null) {
    const tree = await loadPlaylists(ctx.db, reach, [laid.playlistId]);
    flat = flattenPlaylist(tree, laid.playlistId).map((entry) => ({
      ...entry,
      item: { ...entry.item, fit },
    }));
  } else if (laid.contentId !== null) {
    flat = [
      {
        key: `w${wallContentId}`,
        item: {
          id: wallContentId,
          playlistId: DRAFT_ID,
          position: 0,
          contentId: laid.contentId,
          childPlaylistId: null,
          textId: null,
          duration: null,
          transition: 'none',
          fit,
          muted: true,
        },
      },
    ];
  }
  return oneZoneProgram(ctx, reach, { kind: 'schedule', ...schedule, ...canvas, shuffle: false }, flat);
}

/** An editor's unsaved playlist (POST playlist/program): its items keyed by their place. */
export async function draftPlaylistProgram(
  ctx: BuildContext,
  reach: Reach,
  fields: PlaylistFields,
): Promise<Program> {
  const tree = await loadPlaylists(
    ctx.db,
    reach,
    fields.items.flatMap((item) => (item.playlist_id == null ? [] : [item.playlist_id])),
  );
  // Id 0 is no stored playlist's: the draft is the root, and nothing nested can contain it.
  tree.set(DRAFT_ID, {
    playlist: {
      id: DRAFT_ID,
      name: fields.name,
      orientation: fields.orientation,
      width: fields.width,
      height: fields.height,
      shuffle: fields.shuffle,
    },
    items: fields.items.map((item, index) => ({
      id: index,
      playlistId: DRAFT_ID,
      position: index,
      contentId: item.content_id ?? null,
      childPlaylistId: item.playlist_id ?? null,
      textId: item.text_id ?? null,
      duration: item.duration,
      transition: item.transition,
      fit: item.fit,
      muted: item.muted,
    })),
  });
  return playlistOfTree(ctx, reach, tree, DRAFT_ID);
}

/** A stored composition with its zones bottom to top; undefined when out of reach. */
export async function storedComposition(
  db: Db,
  reach: Reach,
  id: number,
): Promise<CompositionSource | undefined> {
  const [row] = await db
    .select()
    .from(compositions)
    .where(and(eq(compositions.id, id), reach.rows(compositions)));
  if (!row) return undefined;
  const zones = await db
    .select()
    .from(compositionZones)
    .where(eq(compositionZones.compositionId, id))
    .orderBy(asc(compositionZones.position), asc(compositionZones.id));
  return {
    id: row.id,
    name: row.name,
    width: row.width,
    height: row.height,
    backgroundColor: row.backgroundColor,
    backgroundContentId: row.backgroundContentId,
    duration: row.duration,
    zones: zones.map((zone) => ({
      key: `z${zone.id}`,
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      kind: zone.kind as ZoneKind,
      contentId: zone.contentId,
      playlistId: zone.playlistId,
      textId: zone.textId,
      stickerId: zone.stickerId,
      fontId: zone.fontId,
      backgroundColor: zone.backgroundColor,
      settings: zone.settings,
    })),
  };
}

/** An editor's unsaved composition (POST composition/program): zones keyed by their place. */
export function draftComposition(fields: CompositionFields): CompositionSource {
  return {
    id: DRAFT_ID,
    name: fields.name,
    width: fields.width,
    height: fields.height,
    backgroundColor: fields.background_color,
    backgroundContentId: fields.background_content_id,
    duration: fields.duration,
    zones: fields.zones.map((zone, index) => ({
      key: `z${index}`,
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      kind: zone.kind,
      contentId: 'content_id' in zone ? zone.content_id : null,
      playlistId: 'playlist_id' in zone ? zone.playlist_id : null,
      textId: 'text_id' in zone ? zone.text_id : null,
      stickerId: 'sticker_id' in zone ? zone.sticker_id : null,
      fontId: 'font_id' in zone ? zone.font_id : null,
      backgroundColor: zone.background_color,
      settings: zone.settings,
    })),
  };
}

/** A zone's items: one for media, text, clock, website and sticker zones, a playlist's for playlist zones. */
function zoneItems(
  library: Library,
  playlists: ReadonlyMap<string, FlatItem[]>,
  source: CompositionSource,
  zone: ZoneSource,
): PlayItem[] {
  const pass = source.duration;
  const key = `${zone.key}/0`;
  const still: Showing = { key, seconds: pass, transition: 'none', fit: 'contain', muted: true };
  const settings = zone.settings;
  const one = (item: PlayItem | null) => (item ? [item] : []);
  switch (zone.kind) {
    case 'media': {
      const row = zone.contentId === null ? undefined : library.contents.get(zone.contentId);
      if (!row) return [];
      const own = ownSeconds(row.type, row.duration);
      return one(
        contentItem(library, row.id, {
          ...still,
          seconds: positive(settings.duration) ?? own ?? pass,
          fit: fitOf(settings, ZONE_SETTINGS_DEFAULTS.media.fit),
          muted: typeof settings.muted === 'boolean' ? settings.muted : ZONE_SETTINGS_DEFAULTS.media.muted,
        }),
      );
    }
    case 'website': {
      const row = zone.contentId === null ? undefined : library.contents.get(zone.contentId);
      return row?.type === ContentType.website ? one(contentItem(library, row.id, still)) : [];
    }
    case 'playlist':
      return playItems(library, playlists.get(zone.key) ?? []);
    case 'text':
      return zone.textId === null ? [] : one(textItem(library, zone.textId, still));
    case 'sticker':
      return zone.stickerId === null ? [] : one(stickerItem(library, zone.stickerId, still));
    case 'clock': {
      const defaults = ZONE_SETTINGS_DEFAULTS.clock;
      return [
        {
          key,
          content_id: null,
          duration_ms: Math.round(pass * 1000),
          transition: 'none',
          kind: 'clock',
          clock: {
            format: CLOCK_FORMATS.includes(settings.format as ClockFormat)
              ? (settings.format as ClockFormat)
              : defaults.format,
            color: typeof settings.color === 'string' ? settings.color : defaults.color,
            font_size: positive(settings.font_size) ?? defaults.font_size,
            font: zone.fontId === null ? null : (library.fonts.get(zone.fontId) ?? null),
          },
        },
      ];
    }
  }
}

/** A composition, stored or a draft, as a program. */
export async function compositionProgram(
  ctx: BuildContext,
  reach: Reach,
  source: CompositionSource,
): Promise<Program> {
  const zones = source.zones;
  const tree = await loadPlaylists(
    ctx.db,
    reach,
    zones.flatMap((zone) => (zone.kind === 'playlist' && zone.playlistId !== null ? [zone.playlistId] : [])),
  );
  const playlists = new Map(
    zones.flatMap((zone) =>
      zone.kind === 'playlist' && zone.playlistId !== null && tree.has(zone.playlistId)
        ? [[zone.key, flattenPlaylist(tree, zone.playlistId, `${zone.key}/`)] as const]
        : [],
    ),
  );
  const flat = [...playlists.values()].flat();
  const nested = refsOfItems(flat);
  const library = await loadLibrary(ctx.db, ctx.storage, reach, {
    contents: [
      ...nested.contents,
      ...zones.flatMap((zone) => (zone.contentId === null ? [] : [zone.contentId])),
      ...(source.backgroundContentId === null ? [] : [source.backgroundContentId]),
    ],
    texts: [...nested.texts, ...zones.flatMap((zone) => (zone.textId === null ? [] : [zone.textId]))],
    stickers: zones.flatMap((zone) => (zone.stickerId === null ? [] : [zone.stickerId])),
    fonts: zones.flatMap((zone) => (zone.fontId === null ? [] : [zone.fontId])),
  });
  const background =
    source.backgroundContentId === null ? undefined : library.contents.get(source.backgroundContentId);
  return {
    kind: 'composition' satisfies ProgramKind,
    id: source.id,
    name: source.name,
    width: source.width,
    height: source.height,
    background_color: source.backgroundColor,
    background: background?.type === ContentType.image ? mediaOf(library, background) : null,
    duration_ms: Math.round(source.duration * 1000),
    zones: zones.map(
      (zone, z): ProgramZone => ({
        key: zone.key,
        x: zone.x,
        y: zone.y,
        width: zone.width,
        height: zone.height,
        z,
        background_color: zone.backgroundColor,
        shuffle:
          zone.kind === 'playlist' &&
          zone.playlistId !== null &&
          !!tree.get(zone.playlistId)?.playlist.shuffle,
        items: zoneItems(library, playlists, source, zone),
      }),
    ),
  };
}

/** An item schedule's items in play order. */
export const scheduleItemsOf = (db: Db, scheduleId: number): Promise<ScheduleItemSource[]> =>
  db
    .select({ id: scheduleItems.id, contentId: scheduleItems.contentId, duration: scheduleItems.duration })
    .from(scheduleItems)
    .where(eq(scheduleItems.scheduleId, scheduleId))
    .orderBy(asc(scheduleItems.position), asc(scheduleItems.id));

/** The canvas of a screen by its orientation (item schedules play on it). */
export const screenCanvas = (orientation: number) =>
  orientation === 90 || orientation === 270 ? { width: 1080, height: 1920 } : { width: 1920, height: 1080 };

/**
 * What a stored schedule plays, whatever its state (the console's preview): its playlist or
 * composition, or its items on a screen of this orientation. Null when out of reach, or when its
 * type plays no program this builder knows.
 */
export async function scheduleProgram(
  ctx: BuildContext,
  reach: Reach,
  scheduleId: number,
  orientation = 0,
): Promise<Program | null> {
  const [row] = await ctx.db
    .select({ id: schedules.id, name: schedules.name, type: schedules.type, programId: schedules.programId })
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), reach.rows(schedules)));
  if (!row) return null;
  if (row.type === ScheduleType.videoWall)
    return row.programId === null ? null : wallContentProgram(ctx, reach, row, row.programId);
  if (PROGRAM_SCHEDULE_TYPES.includes(row.type))
    return row.programId === null
      ? null
      : storedProgram(ctx, reach, { kind: row.type as ProgramKind, id: row.programId });
  if (!ITEM_SCHEDULE_TYPES.includes(row.type)) return null;
  const items = await scheduleItemsOf(ctx.db, row.id);
  return scheduleItemsProgram(
    ctx,
    reach,
    { id: row.id, name: row.name, ...screenCanvas(orientation) },
    items,
  );
}

/** A stored playlist or composition as a program; null when out of reach (or deleted). */
export async function storedProgram(
  ctx: BuildContext,
  reach: Reach,
  ref: ProgramRef,
): Promise<Program | null> {
  if (ref.kind === 'playlist') return playlistProgram(ctx, reach, ref.id);
  const source = await storedComposition(ctx.db, reach, ref.id);
  return source ? compositionProgram(ctx, reach, source) : null;
}
