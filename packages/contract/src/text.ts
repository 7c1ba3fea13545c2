import { z } from 'zod';
import { contentDeleteRequestSchema } from './content';
import { MAX_TEXT_LENGTH } from './limits';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { colorSchema } from './setting';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema, required } from './validation';

// Text messages (spec 001 §3 "Message/marquee text"): their own entity, not a content type, shown
// over content on screens as a scrolling marquee, under /backend/manager/text.

/** Where on the screen the marquee runs. */
export const TEXT_POSITIONS = ['top', 'middle', 'bottom'] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];

/** The way the text moves. */
export const TEXT_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];

/** 1 slow … 10 fast. */
export const TEXT_SPEED_MIN = 1;
export const TEXT_SPEED_MAX = 10;
export const TEXT_FONT_SIZE_MIN = 12;
export const TEXT_FONT_SIZE_MAX = 200;
export { MARQUEE_SLOWEST_SECONDS, marqueeSeconds } from './marquee';
/** The background a marquee has when it has none of its own. */
export const TEXT_TRANSPARENT = 'transparent';

/** What a new text starts with. */
export const TEXT_DEFAULTS = {
  position: 'bottom',
  direction: 'left',
  speed: 5,
  color: '#ffffff',
  background_color: '#000000',
  font_size: 48,
} as const satisfies {
  position: TextPosition;
  direction: TextDirection;
  speed: number;
  color: string;
  background_color: string;
  font_size: number;
};

export const textContentSchema = z
  .string(required('validation.text.required'))
  .trim()
  .min(1, 'validation.text.required')
  .max(MAX_TEXT_LENGTH, 'validation.text.max');

export const textRequestSchema = z.object({
  title: nameSchema,
  content: textContentSchema,
  position: z.enum(TEXT_POSITIONS, { error: 'validation.text.position' }).default(TEXT_DEFAULTS.position),
  direction: z.enum(TEXT_DIRECTIONS, { error: 'validation.text.direction' }).default(TEXT_DEFAULTS.direction),
  speed: z
    .number({ error: 'validation.text.speed' })
    .int('validation.text.speed')
    .min(TEXT_SPEED_MIN, 'validation.text.speed')
    .max(TEXT_SPEED_MAX, 'validation.text.speed')
    .default(TEXT_DEFAULTS.speed),
  color: colorSchema.default(TEXT_DEFAULTS.color),
  background_color: z
    .union([z.literal(TEXT_TRANSPARENT), colorSchema], { error: 'validation.color' })
    .default(TEXT_DEFAULTS.background_color),
  font_size: z
    .number({ error: 'validation.text.fontSize' })
    .int('validation.text.fontSize')
    .min(TEXT_FONT_SIZE_MIN, 'validation.text.fontSize')
    .max(TEXT_FONT_SIZE_MAX, 'validation.text.fontSize')
    .default(TEXT_DEFAULTS.font_size),
  /** A font of /manager/font the caller can see; null: the screen's default font. */
  font_id: bodyIdSchema.nullable().default(null),
});
export type TextRequest = z.input<typeof textRequestSchema>;
export type TextFields = z.output<typeof textRequestSchema>;

export const textItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  position: z.enum(TEXT_POSITIONS),
  direction: z.enum(TEXT_DIRECTIONS),
  speed: z.number(),
  color: z.string(),
  background_color: z.string(),
  font_size: z.number(),
  font_id: z.number().nullable(),
  /** The font's CSS family and file, to load it under that name; null with the default font. */
  font_family: z.string().nullable(),
  font_url: z.string().nullable(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TextItem = z.infer<typeof textItemSchema>;

export const TEXT_SORT_COLUMNS = ['title', 'created_at', 'updated_at'] as const;
export const textListQuerySchema = listQuerySchema(TEXT_SORT_COLUMNS);
export type TextListQuery = z.input<typeof textListQuerySchema>;
export const textListSchema = listResultSchema(textItemSchema);

// ── Operations: all for holders of res:text:list ───────────────────────────────────────────

const TEXT = '/backend/manager/text';

export const textOperations = {
  list: operation({
    method: 'GET',
    path: TEXT,
    query: textListQuerySchema,
    response: textListSchema,
    access: 'res:text:list',
  }),
  create: operation({
    method: 'POST',
    path: TEXT,
    body: textRequestSchema,
    response: textItemSchema,
    access: 'res:text:list',
  }),
  /** { ids, detach }: with detach, texts in use are first removed from what uses them. */
  deleteMany: operation({
    method: 'DELETE',
    path: TEXT,
    body: contentDeleteRequestSchema,
    response: noDataSchema,
    access: 'res:text:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${TEXT}/:id`,
    params: idParamsSchema,
    response: textItemSchema,
    access: 'res:text:list',
  }),
  update: operation({
    method: 'PATCH',
    path: `${TEXT}/:id`,
    params: idParamsSchema,
    body: textRequestSchema,
    response: textItemSchema,
    access: 'res:text:list',
  }),
};
