import {
  type CanvasOrientation,
  type CanvasSize,
  COMPOSITION_DEFAULT_DURATION,
  type CompositionDetail,
  type CompositionRequest,
  type CompositionTemplateItem,
  type CompositionTemplateRequest,
  type CompositionZoneRequest,
  type TemplateZone,
  ZONE_SETTINGS_DEFAULTS,
  type ZoneKind,
  type ZoneRect,
} from '@vitrine/contract';
import { STATUS_TOKENS, TAG_TEXT } from '../../lib/remote-config';

// The editor's draft of a composition. Each zone has a key of its own (to select and list it
// before it has an id) and one `source`: the content, playlist, text or sticker it shows, or a
// clock's font; the request names it by the column of its kind. Zones are in layer order, the
// first lowest, as the server stores them.

type Settings = Record<string, string | number | boolean | null>;

export type ZoneDraft = ZoneRect & {
  key: string;
  position: number;
  name: string;
  kind: ZoneKind;
  background_color: string;
  settings: Settings;
  source: number | null;
  /** What the source is called, to show it without asking the server. */
  source_name: string | null;
};

export type CompositionDraft = CanvasSize & {
  name: string;
  orientation: CanvasOrientation;
  background_color: string;
  background_content_id: number | null;
  background_name: string | null;
  /** The background picture's thumbnail, drawn under the zones in the editor. */
  background_url: string | null;
  duration: number;
  zones: ZoneDraft[];
};

/** What a sketch draws: the canvas and its zones' rectangles. */
export type SketchLayout = CanvasSize & {
  background_color: string;
  zones: readonly (ZoneRect & { kind: ZoneKind })[];
};

/**
 * Each kind's colour in sketches and on the canvas: under a white icon or label it reads at 4.5:1,
 * and as a zone's outline on the default black canvas at 3:1 (the theme's readable shades, issue 29).
 */
export const KIND_COLORS: Record<ZoneKind, string> = {
  media: STATUS_TOKENS.colorInfo,
  playlist: '#722ed1',
  text: '#d4380d',
  clock: TAG_TEXT.cyan,
  website: TAG_TEXT.green,
  sticker: TAG_TEXT.gold,
};

let lastKey = 0;
/** A key no other zone of this page has. */
export const newZoneKey = () => `zone-${++lastKey}`;

/** The settings a new zone of this kind starts with. */
export const settingsFor = (kind: ZoneKind): Settings => ({
  ...(ZONE_SETTINGS_DEFAULTS as Partial<Record<ZoneKind, Settings>>)[kind],
});

type ZoneStart = ZoneRect & { name: string; kind: ZoneKind; background_color?: string; settings?: Settings };

/** A zone without a source yet. */
export function newZone(zone: ZoneStart, position: number): ZoneDraft {
  return {
    x: zone.x,
    y: zone.y,
    width: zone.width,
    height: zone.height,
    name: zone.name,
    kind: zone.kind,
    key: newZoneKey(),
    position,
    background_color: zone.background_color ?? 'transparent',
    settings: { ...settingsFor(zone.kind), ...zone.settings },
    source: null,
    source_name: null,
  };
}

export function draftOf(item: CompositionDetail): CompositionDraft {
  return {
    name: item.name,
    width: item.width,
    height: item.height,
    orientation: item.orientation,
    background_color: item.background_color,
    background_content_id: item.background_content_id,
    background_name: item.background?.name ?? null,
    background_url: item.background?.thumbnail_url ?? null,
    duration: item.duration,
    zones: item.zones.map((zone, position) => ({
      ...newZone(zone, position),
      source:
        zone.kind === 'clock'
          ? zone.font_id
          : (zone.content_id ?? zone.playlist_id ?? zone.text_id ?? zone.sticker_id),
      source_name: zone.ref?.name ?? null,
    })),
  };
}

export function blankDraft(
  canvas: CanvasSize,
  orientation: CanvasOrientation,
  name: string,
): CompositionDraft {
  return {
    name,
    width: canvas.width,
    height: canvas.height,
    orientation,
    background_color: '#000000',
    background_content_id: null,
    background_name: null,
    background_url: null,
    duration: COMPOSITION_DEFAULT_DURATION,
    zones: [],
  };
}

/**
 * A new composition laid out like the template. `name` is the composition's name and
 * `zoneName` the shown name of a zone (shipped templates' zone names are translated).
 */
export function draftFromTemplate(
  template: CompositionTemplateItem,
  name: string,
  zoneName: (name: string) => string = (zone) => zone,
): CompositionDraft {
  return {
    ...blankDraft(template, template.orientation, name),
    background_color: template.background_color,
    zones: template.zones.map((zone, position) => newZone({ ...zone, name: zoneName(zone.name) }, position)),
  };
}

const SOURCE_FIELD = {
  media: 'content_id',
  website: 'content_id',
  playlist: 'playlist_id',
  text: 'text_id',
  clock: 'font_id',
  sticker: 'sticker_id',
} as const satisfies Record<ZoneKind, string>;

const layoutOf = (zone: ZoneDraft) => ({
  name: zone.name.trim(),
  kind: zone.kind,
  x: zone.x,
  y: zone.y,
  width: zone.width,
  height: zone.height,
  background_color: zone.background_color,
  settings: zone.settings,
});

/** The body the server takes: each zone names its source by its kind's column. */
export function requestOf(draft: CompositionDraft): CompositionRequest {
  return {
    name: draft.name.trim(),
    width: draft.width,
    height: draft.height,
    orientation: draft.orientation,
    background_color: draft.background_color,
    background_content_id: draft.background_content_id,
    duration: draft.duration,
    zones: draft.zones.map(
      (zone) => ({ ...layoutOf(zone), [SOURCE_FIELD[zone.kind]]: zone.source }) as CompositionZoneRequest,
    ),
  };
}

/** "Save as template": the layout only, under its own name. */
export function templateRequestOf(draft: CompositionDraft, name: string): CompositionTemplateRequest {
  return {
    name: name.trim(),
    width: draft.width,
    height: draft.height,
    orientation: draft.orientation,
    background_color: draft.background_color,
    zones: draft.zones.map((zone) => layoutOf(zone) as TemplateZone),
  };
}
