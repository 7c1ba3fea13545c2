import { z } from 'zod';
import { ContentType } from './enums';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { CLOCK_FORMATS, ITEM_FITS } from './program';
import { colorSchema } from './setting';
import { idsSchema } from './team';
import { TEXT_TRANSPARENT } from './text';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema } from './validation';

// Compositions (/backend/manager/composition, the /content/composition-list page): a canvas of the
// chosen resolution and orientation with zones, each showing media, a playlist, a text message, a
// clock, a website or a sticker. Composition templates (/backend/manager/composition-template) are
// layouts to start from. The zone geometry rules below are pure: the server validates with them
// and the console's editor moves, aligns and layers zones with the same functions.

/** What a zone shows. */
export const ZONE_KINDS = ['media', 'playlist', 'text', 'clock', 'website', 'sticker'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** The library content a zone of each kind accepts (media: anything a screen plays in a frame). */
export const ZONE_CONTENT_TYPES = {
  media: [
    ContentType.image,
    ContentType.video,
    ContentType.music,
    ContentType.document,
    ContentType.stream,
    ContentType.h5,
  ],
  website: [ContentType.website],
} as const satisfies Partial<Record<ZoneKind, readonly ContentType[]>>;
/** A composition's background picture. */
export const BACKGROUND_CONTENT_TYPES = [ContentType.image] as const;

// ── Canvas ─────────────────────────────────────────────────────────────────────────────────────

/** Degrees the screen is turned: landscape 0 and 180, portrait 90 and 270. */
export const CANVAS_ORIENTATIONS = [0, 90, 180, 270] as const;
export type CanvasOrientation = (typeof CANVAS_ORIENTATIONS)[number];
export const isPortrait = (orientation: CanvasOrientation) => orientation === 90 || orientation === 270;

export type CanvasSize = { width: number; height: number };

/** Resolutions offered in the editor; any other within the custom limits may be typed in. */
export const COMMON_RESOLUTIONS: readonly CanvasSize[] = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
  { width: 3840, height: 2160 },
  { width: 2160, height: 3840 },
  { width: 2560, height: 1440 },
  { width: 1280, height: 720 },
  { width: 720, height: 1280 },
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
/** A custom canvas: each side a whole number of pixels within these. */
export const CANVAS_SIDE_MIN = 128;
export const CANVAS_SIDE_MAX = 7680;
/** What a new composition starts with. */
export const COMPOSITION_DEFAULT_CANVAS: CanvasSize = { width: 1920, height: 1080 };

/** The common resolutions that suit an orientation (portrait ones are taller than wide). */
export const resolutionsFor = (orientation: CanvasOrientation) =>
  COMMON_RESOLUTIONS.filter((size) => orientationFits(size, orientation));

/** Portrait canvases are at least as tall as wide, landscape ones at least as wide as tall. */
export const orientationFits = (canvas: CanvasSize, orientation: CanvasOrientation) =>
  isPortrait(orientation) ? canvas.height >= canvas.width : canvas.width >= canvas.height;

// ── Zone geometry ──────────────────────────────────────────────────────────────────────────────

/** A zone's smallest side, canvas pixels. */
export const COMPOSITION_ZONE_MIN = 16;
/** Zones a composition holds at most. */
export const COMPOSITION_ZONE_LIMIT = 16;

/** Canvas pixels from the top left corner. */
export type ZoneRect = { x: number; y: number; width: number; height: number };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Whether a rectangle is whole pixels, at least COMPOSITION_ZONE_MIN a side and inside the canvas. */
export function zoneFits(rect: ZoneRect, canvas: CanvasSize) {
  const { x, y, width, height } = rect;
  return (
    [x, y, width, height].every(Number.isInteger) &&
    width >= COMPOSITION_ZONE_MIN &&
    height >= COMPOSITION_ZONE_MIN &&
    x >= 0 &&
    y >= 0 &&
    x + width <= canvas.width &&
    y + height <= canvas.height
  );
}

/** The nearest rectangle that fits: whole pixels, sides within [COMPOSITION_ZONE_MIN, canvas], inside it. */
export function clampZone<T extends ZoneRect>(zone: T, canvas: CanvasSize): T {
  const width = clamp(Math.round(zone.width), COMPOSITION_ZONE_MIN, canvas.width);
  const height = clamp(Math.round(zone.height), COMPOSITION_ZONE_MIN, canvas.height);
  return {
    ...zone,
    width,
    height,
    x: clamp(Math.round(zone.x), 0, canvas.width - width),
    y: clamp(Math.round(zone.y), 0, canvas.height - height),
  };
}

/**
 * Moves each edge to the nearest grid line, or to the canvas edge when that is nearer (a canvas
 * whose side is no multiple of the grid still gets full-width zones), then clamps.
 */
export function snapZone<T extends ZoneRect>(zone: T, canvas: CanvasSize, grid: number): T {
  const snap = (value: number, end: number) => {
    const line = Math.round(value / grid) * grid;
    return Math.abs(end - value) < Math.abs(line - value) ? end : line;
  };
  const left = snap(zone.x, 0);
  const top = snap(zone.y, 0);
  const right = snap(zone.x + zone.width, canvas.width);
  const bottom = snap(zone.y + zone.height, canvas.height);
  return clampZone({ ...zone, x: left, y: top, width: right - left, height: bottom - top }, canvas);
}

export const ZONE_ALIGNMENTS = ['left', 'center', 'right', 'top', 'middle', 'bottom'] as const;
export type ZoneAlignment = (typeof ZONE_ALIGNMENTS)[number];

/** Puts a zone against a canvas edge or in its middle, along one axis (the other stays). */
export function alignZone<T extends ZoneRect>(zone: T, canvas: CanvasSize, alignment: ZoneAlignment): T {
  const fitted = clampZone(zone, canvas);
  const free = { x: canvas.width - fitted.width, y: canvas.height - fitted.height };
  switch (alignment) {
    case 'left':
      return { ...fitted, x: 0 };
    case 'center':
      return { ...fitted, x: Math.round(free.x / 2) };
    case 'right':
      return { ...fitted, x: free.x };
    case 'top':
      return { ...fitted, y: 0 };
    case 'middle':
      return { ...fitted, y: Math.round(free.y / 2) };
    case 'bottom':
      return { ...fitted, y: free.y };
  }
}

export const LAYER_MOVES = ['forward', 'backward', 'front', 'back'] as const;
export type LayerMove = (typeof LAYER_MOVES)[number];

/** Numbers the layers 0… in the order given (the first drawn lowest). */
export const renumberLayers = <T extends { position: number }>(zones: readonly T[]): T[] =>
  zones.map((zone, position) => ({ ...zone, position }));

/**
 * Moves the zone at `index` of a bottom-to-top list one layer up or down, or to the top or the
 * bottom, and numbers the layers anew. An index outside the list, or a move past the end, changes
 * nothing but the numbering.
 */
export function moveLayer<T extends { position: number }>(
  zones: readonly T[],
  index: number,
  move: LayerMove,
): T[] {
  const ordered = [...zones];
  if (index < 0 || index >= ordered.length) return renumberLayers(ordered);
  const target = {
    forward: Math.min(index + 1, ordered.length - 1),
    backward: Math.max(index - 1, 0),
    front: ordered.length - 1,
    back: 0,
  }[move];
  const [zone] = ordered.splice(index, 1);
  ordered.splice(target, 0, zone);
  return renumberLayers(ordered);
}

/** Zones scaled from one canvas to another, each kept whole and inside the new canvas. */
export function scaleZones<T extends ZoneRect>(zones: readonly T[], from: CanvasSize, to: CanvasSize): T[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return zones.map((zone) => {
    const left = Math.round(zone.x * sx);
    const top = Math.round(zone.y * sy);
    const right = Math.round((zone.x + zone.width) * sx);
    const bottom = Math.round((zone.y + zone.height) * sy);
    return clampZone({ ...zone, x: left, y: top, width: right - left, height: bottom - top }, to);
  });
}

/**
 * Turns a canvas to another orientation: between landscape and portrait its width and height swap
 * and the zones scale with it (a full-screen zone stays full screen); 0↔180 or 90↔270 change nothing
 * but the orientation.
 */
export function rotateCanvas<T extends ZoneRect>(
  layout: CanvasSize & { orientation: CanvasOrientation; zones: readonly T[] },
  orientation: CanvasOrientation,
): CanvasSize & { orientation: CanvasOrientation; zones: T[] } {
  const from = { width: layout.width, height: layout.height };
  const to = orientationFits(from, orientation) ? from : { width: from.height, height: from.width };
  return { ...to, orientation, zones: scaleZones(layout.zones, from, to) };
}

// ── Zone settings ──────────────────────────────────────────────────────────────────────────────

export const CLOCK_FONT_SIZE_MIN = 12;
export const CLOCK_FONT_SIZE_MAX = 400;
/** Seconds: a composition's pass and a single media's stay. */
export const COMPOSITION_DURATION_MIN = 1;
export const COMPOSITION_DURATION_MAX = 86_400;
export const COMPOSITION_DEFAULT_DURATION = 30;

const fitSchema = z.enum(ITEM_FITS, { error: 'composition.fit' });
const durationSchema = z
  .number({ error: 'composition.duration' })
  .min(COMPOSITION_DURATION_MIN, 'composition.duration')
  .max(COMPOSITION_DURATION_MAX, 'composition.duration');
const mutedSchema = z.boolean({ error: 'validation.boolean' });
/** #rrggbb or 'transparent'. */
const backgroundSchema = z.union([z.literal(TEXT_TRANSPARENT), colorSchema], { error: 'validation.color' });

export const ZONE_SETTINGS_DEFAULTS = {
  media: { fit: 'contain', muted: true, duration: null },
  sticker: { fit: 'contain' },
  clock: { format: 'time', color: '#ffffff', font_size: 64 },
} as const;

/** Media: how it fills the zone, sound, and how long a single picture stays (null: the pass). */
const mediaSettingsSchema = z.object({
  fit: fitSchema.default(ZONE_SETTINGS_DEFAULTS.media.fit),
  muted: mutedSchema.default(ZONE_SETTINGS_DEFAULTS.media.muted),
  duration: durationSchema.nullable().default(ZONE_SETTINGS_DEFAULTS.media.duration),
});
const stickerSettingsSchema = z.object({ fit: fitSchema.default(ZONE_SETTINGS_DEFAULTS.sticker.fit) });
const clockSettingsSchema = z.object({
  format: z
    .enum(CLOCK_FORMATS, { error: 'composition.clockFormat' })
    .default(ZONE_SETTINGS_DEFAULTS.clock.format),
  color: colorSchema.default(ZONE_SETTINGS_DEFAULTS.clock.color),
  font_size: z
    .number({ error: 'composition.clockFontSize' })
    .int('composition.clockFontSize')
    .min(CLOCK_FONT_SIZE_MIN, 'composition.clockFontSize')
    .max(CLOCK_FONT_SIZE_MAX, 'composition.clockFontSize')
    .default(ZONE_SETTINGS_DEFAULTS.clock.font_size),
});
/** Playlists, texts and websites bring their own settings. */
const noSettingsSchema = z.object({});

export type MediaZoneSettings = z.output<typeof mediaSettingsSchema>;
export type StickerZoneSettings = z.output<typeof stickerSettingsSchema>;
export type ClockZoneSettings = z.output<typeof clockSettingsSchema>;
export type ZoneSettings =
  | MediaZoneSettings
  | StickerZoneSettings
  | ClockZoneSettings
  | Record<string, never>;

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

const pixelSchema = z
  .number({ error: 'composition.zonePixels' })
  .int('composition.zonePixels')
  .min(0, 'composition.zonePixels');
/** A canvas side (also a playlist's resolution hint). */
export const canvasSideSchema = z
  .number({ error: 'composition.canvas' })
  .int('composition.canvas')
  .min(CANVAS_SIDE_MIN, 'composition.canvas')
  .max(CANVAS_SIDE_MAX, 'composition.canvas');
export const orientationSchema = z.literal(CANVAS_ORIENTATIONS, { error: 'composition.orientation' });
/** A list filter by orientation (?orientation=90). */
export const orientationQuerySchema = z.coerce.number().pipe(orientationSchema).optional();
const refSchema = bodyIdSchema.nullable().default(null);

const zoneLayout = {
  name: nameSchema,
  x: pixelSchema,
  y: pixelSchema,
  width: pixelSchema,
  height: pixelSchema,
  background_color: backgroundSchema.default(TEXT_TRANSPARENT),
};

/** One zone of a template: its layout and settings, without what it shows. */
const templateZoneVariants = [
  z.object({ ...zoneLayout, kind: z.literal('media'), settings: mediaSettingsSchema.prefault({}) }),
  z.object({ ...zoneLayout, kind: z.literal('playlist'), settings: noSettingsSchema.prefault({}) }),
  z.object({ ...zoneLayout, kind: z.literal('text'), settings: noSettingsSchema.prefault({}) }),
  z.object({ ...zoneLayout, kind: z.literal('clock'), settings: clockSettingsSchema.prefault({}) }),
  z.object({ ...zoneLayout, kind: z.literal('website'), settings: noSettingsSchema.prefault({}) }),
  z.object({ ...zoneLayout, kind: z.literal('sticker'), settings: stickerSettingsSchema.prefault({}) }),
] as const;
const [mediaLayout, playlistLayout, textLayout, clockLayout, websiteLayout, stickerLayout] =
  templateZoneVariants;
const zoneKindError = { error: 'composition.zoneKind' };
export const templateZoneSchema = z.discriminatedUnion('kind', templateZoneVariants, zoneKindError);
export type TemplateZone = z.output<typeof templateZoneSchema>;

/**
 * One zone of a composition, bottom to top in the request's order; what it shows by its kind
 * (null: nothing chosen yet, the zone shows its background). Media and website zones take a
 * library content of ZONE_CONTENT_TYPES; clock zones a font (null: the screen's default font).
 */
export const compositionZoneSchema = z.discriminatedUnion(
  'kind',
  [
    mediaLayout.extend({ content_id: refSchema }),
    playlistLayout.extend({ playlist_id: refSchema }),
    textLayout.extend({ text_id: refSchema }),
    clockLayout.extend({ font_id: refSchema }),
    websiteLayout.extend({ content_id: refSchema }),
    stickerLayout.extend({ sticker_id: refSchema }),
  ],
  zoneKindError,
);
export type CompositionZoneRequest = z.input<typeof compositionZoneSchema>;
export type CompositionZoneFields = z.output<typeof compositionZoneSchema>;

const canvasFields = {
  width: canvasSideSchema,
  height: canvasSideSchema,
  orientation: orientationSchema.default(0),
  background_color: backgroundSchema.default('#000000'),
};

/** Orientation against the canvas, each zone inside it (issues point at the offending field). */
function checkLayout(
  layout: CanvasSize & { orientation: CanvasOrientation; zones: readonly ZoneRect[] },
  context: z.core.$RefinementCtx,
) {
  if (!orientationFits(layout, layout.orientation)) {
    context.addIssue({ code: 'custom', message: 'composition.orientationMismatch', path: ['orientation'] });
  }
  layout.zones.forEach((zone, index) => {
    if (zone.width < COMPOSITION_ZONE_MIN || zone.height < COMPOSITION_ZONE_MIN) {
      context.addIssue({ code: 'custom', message: 'composition.zoneSize', path: ['zones', index] });
    } else if (!zoneFits(zone, layout)) {
      context.addIssue({ code: 'custom', message: 'composition.zoneOutside', path: ['zones', index] });
    }
  });
}

const zonesOf = <T extends z.ZodType>(zone: T) =>
  z
    .array(zone, { error: 'composition.zonesRequired' })
    .min(1, 'composition.zonesRequired')
    .max(COMPOSITION_ZONE_LIMIT, 'composition.zonesMax');

/** POST composition, PUT composition/{id} (every field anew), POST composition/program (a draft). */
export const compositionRequestSchema = z
  .object({
    name: nameSchema,
    ...canvasFields,
    /** An image of the library drawn under the zones. */
    background_content_id: refSchema,
    duration: durationSchema.default(COMPOSITION_DEFAULT_DURATION),
    zones: zonesOf(compositionZoneSchema),
  })
  .superRefine(checkLayout);
export type CompositionRequest = z.input<typeof compositionRequestSchema>;
export type CompositionFields = z.output<typeof compositionRequestSchema>;

/** POST composition-template: a layout saved under a name (the editor's current canvas and zones). */
export const compositionTemplateRequestSchema = z
  .object({ name: nameSchema, ...canvasFields, zones: zonesOf(templateZoneSchema) })
  .superRefine(checkLayout);
export type CompositionTemplateRequest = z.input<typeof compositionTemplateRequestSchema>;
export type CompositionTemplateFields = z.output<typeof compositionTemplateRequestSchema>;

/** DELETE composition: `detach` first removes them from the schedules using them. */
export const compositionDeleteRequestSchema = z.object({
  ids: idsSchema,
  detach: z.boolean().default(false),
});
export type CompositionDeleteRequest = z.input<typeof compositionDeleteRequestSchema>;

/** POST composition/{id}/copy: the copy's name (default: the original's with a suffix); no body is fine. */
export const compositionCopyRequestSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ name: nameSchema.optional() }),
);
export type CompositionCopyRequest = z.input<typeof compositionCopyRequestSchema>;

export const COMPOSITION_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'duration'] as const;
export const compositionListQuerySchema = listQuerySchema(COMPOSITION_SORT_COLUMNS).extend({
  orientation: orientationQuerySchema,
});
export type CompositionListQuery = z.input<typeof compositionListQuerySchema>;

export const COMPOSITION_TEMPLATE_SORT_COLUMNS = ['name', 'created_at'] as const;
export const compositionTemplateListQuerySchema = listQuerySchema(COMPOSITION_TEMPLATE_SORT_COLUMNS).extend({
  orientation: orientationQuerySchema,
});
export type CompositionTemplateListQuery = z.input<typeof compositionTemplateListQuerySchema>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

const orientationOut = z.literal(CANVAS_ORIENTATIONS);
const settingsOut = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** A zone's outline, for the list's thumbnails. */
const zoneOutlineSchema = z.object({
  kind: z.enum(ZONE_KINDS),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** What a reference points at, to show it: its name, library type and picture. */
export const zoneRefSchema = z.object({
  name: z.string(),
  /** ContentType of a library content, or of a playlist; null for texts and stickers. */
  type: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
});
export type ZoneRef = z.infer<typeof zoneRefSchema>;

export const compositionItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  orientation: orientationOut,
  background_color: z.string(),
  background_content_id: z.number().nullable(),
  background_thumbnail_url: z.string().nullable(),
  duration: z.number(),
  zones: z.array(zoneOutlineSchema),
  workspace_id: z.number(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompositionItem = z.infer<typeof compositionItemSchema>;
export const compositionListSchema = listResultSchema(compositionItemSchema);

/** A zone as saved: every reference column (null where its kind has none) and what they point at. */
export const compositionZoneDetailSchema = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  background_color: z.string(),
  settings: settingsOut,
  content_id: z.number().nullable(),
  playlist_id: z.number().nullable(),
  text_id: z.number().nullable(),
  sticker_id: z.number().nullable(),
  font_id: z.number().nullable(),
  /** What the zone shows (content, playlist, text or sticker); null when empty or a clock. */
  ref: zoneRefSchema.nullable(),
  /** Clock zones: the font's CSS family and file. */
  font_family: z.string().nullable(),
  font_url: z.string().nullable(),
});
export type CompositionZoneDetail = z.infer<typeof compositionZoneDetailSchema>;

export const compositionDetailSchema = compositionItemSchema.omit({ zones: true }).extend({
  background: zoneRefSchema.nullable(),
  zones: z.array(compositionZoneDetailSchema),
});
export type CompositionDetail = z.infer<typeof compositionDetailSchema>;

export const compositionTemplateItemSchema = z.object({
  id: z.number(),
  /** Shipped templates: the key the console names them by; null for a company's own. */
  key: z.string().nullable(),
  name: z.string(),
  /** Shipped with the platform: read-only. */
  shipped: z.boolean(),
  width: z.number(),
  height: z.number(),
  orientation: orientationOut,
  background_color: z.string(),
  zones: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(ZONE_KINDS),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      background_color: z.string(),
      settings: settingsOut,
    }),
  ),
  created_at: z.string(),
});
export type CompositionTemplateItem = z.infer<typeof compositionTemplateItemSchema>;
export const compositionTemplateListSchema = listResultSchema(compositionTemplateItemSchema);

// ── Operations ──────────────────────────────────────────────────────────────────────────────
// Compositions need res:composition:list; templates res:com-temp:list (the editor, which starts
// from them, lists them with res:composition:list too).

const COMPOSITION = '/backend/manager/composition';
const TEMPLATE = '/backend/manager/composition-template';

export const compositionOperations = {
  list: operation({
    method: 'GET',
    path: COMPOSITION,
    query: compositionListQuerySchema,
    response: compositionListSchema,
    access: 'res:composition:list',
  }),
  create: operation({
    method: 'POST',
    path: COMPOSITION,
    body: compositionRequestSchema,
    response: compositionDetailSchema,
    access: 'res:composition:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: COMPOSITION,
    body: compositionDeleteRequestSchema,
    response: noDataSchema,
    access: 'res:composition:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${COMPOSITION}/:id`,
    params: idParamsSchema,
    response: compositionDetailSchema,
    access: 'res:composition:list',
  }),
  update: operation({
    method: 'PUT',
    path: `${COMPOSITION}/:id`,
    params: idParamsSchema,
    body: compositionRequestSchema,
    response: compositionDetailSchema,
    access: 'res:composition:list',
  }),
  copy: operation({
    method: 'POST',
    path: `${COMPOSITION}/:id/copy`,
    params: idParamsSchema,
    body: compositionCopyRequestSchema,
    response: compositionDetailSchema,
    access: 'res:composition:list',
  }),
  templateList: operation({
    method: 'GET',
    path: TEMPLATE,
    query: compositionTemplateListQuerySchema,
    response: compositionTemplateListSchema,
    access: ['res:com-temp:list', 'res:composition:list'],
  }),
  templateCreate: operation({
    method: 'POST',
    path: TEMPLATE,
    body: compositionTemplateRequestSchema,
    response: compositionTemplateItemSchema,
    access: 'res:com-temp:list',
  }),
  templateUpdate: operation({
    method: 'PUT',
    path: `${TEMPLATE}/:id`,
    params: idParamsSchema,
    body: compositionTemplateRequestSchema,
    response: compositionTemplateItemSchema,
    access: 'res:com-temp:list',
  }),
  templateDelete: operation({
    method: 'DELETE',
    path: `${TEMPLATE}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'res:com-temp:list',
  }),
};
