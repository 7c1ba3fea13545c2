import { z } from 'zod';
import { ContentType, Orientation } from './enums';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { idsRequestSchema, idsSchema } from './team';
import {
  bodyIdSchema,
  listQuerySchema,
  listResultSchema,
  nameSchema,
  optionalNameSchema,
} from './validation';

// Device models (/backend/manager/device-model, the /setting/model page): the platform-wide
// catalogue of screen hardware (vendor, native resolution, what it plays and can do, the player
// software it runs). Players report a model name when they connect; a device whose name matches a
// model (case aside) is of that model, the others are listed as unknown until one is assigned.

/** The largest side of a native resolution, in pixels (16K). */
export const MODEL_MAX_SIDE = 16384;

/** The way a model's panel is mounted by default. */
export const MODEL_ORIENTATIONS = [Orientation.landscape, Orientation.portrait] as const;
export type ModelOrientation = (typeof MODEL_ORIENTATIONS)[number];

/** The media a model may play: the content types that are media (a playlist is not). */
export const MODEL_MEDIA_TYPES = [
  ContentType.image,
  ContentType.video,
  ContentType.music,
  ContentType.document,
  ContentType.website,
  ContentType.h5,
  ContentType.stream,
] as const;

/** What a model's hardware can do beyond playing (labels: the console's deviceModel namespace). */
export const MODEL_FEATURES = [
  'video-wall-sync',
  'screen-capture',
  'remote-power',
  'hardware-decoding',
  'touch',
  'nfc',
] as const;
export type ModelFeature = (typeof MODEL_FEATURES)[number];

const sideSchema = z
  .number({ error: 'validation.deviceModel.side' })
  .int('validation.deviceModel.side')
  .min(1, 'validation.deviceModel.side')
  .max(MODEL_MAX_SIDE, 'validation.deviceModel.side');

/** Vendor, player name and version: optional short texts, empty meaning none. */
const shortTextSchema = optionalNameSchema.transform((value) => value || null);

/** A list of distinct choices from a catalogue, kept in the catalogue's order. */
const choicesOf = <T extends string | number>(catalogue: readonly T[], message: string) =>
  z
    .array(z.literal(catalogue as readonly [T, ...T[]], { error: message }))
    .max(catalogue.length, message)
    .default([])
    .transform((values) => catalogue.filter((value) => values.includes(value)));

export const deviceModelRequestSchema = z.object({
  name: nameSchema,
  vendor: shortTextSchema,
  width: sideSchema,
  height: sideSchema,
  orientation: z.literal(MODEL_ORIENTATIONS, { error: 'validation.deviceModel.orientation' }),
  media_types: choicesOf(MODEL_MEDIA_TYPES, 'validation.deviceModel.mediaType'),
  features: choicesOf(MODEL_FEATURES, 'validation.deviceModel.feature'),
  player_name: shortTextSchema,
  player_version: shortTextSchema,
});
export type DeviceModelRequest = z.input<typeof deviceModelRequestSchema>;
export type DeviceModelFields = z.output<typeof deviceModelRequestSchema>;

export const deviceModelItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  vendor: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  orientation: z.number(),
  media_types: z.array(z.number()),
  features: z.array(z.string()),
  player_name: z.string().nullable(),
  player_version: z.string().nullable(),
  /** Devices of this model. */
  device_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeviceModelItem = z.infer<typeof deviceModelItemSchema>;

export const DEVICE_MODEL_SORT_COLUMNS = ['name', 'vendor', 'created_at', 'updated_at'] as const;
export const deviceModelListQuerySchema = listQuerySchema(DEVICE_MODEL_SORT_COLUMNS);
export type DeviceModelListQuery = z.input<typeof deviceModelListQuerySchema>;
export const deviceModelListSchema = listResultSchema(deviceModelItemSchema);

/** A name devices report that no model has, and the devices that report it. */
export const unknownModelSchema = z.object({
  name: z.string(),
  device_count: z.number(),
  /** The devices reporting it (the first UNKNOWN_MODEL_DEVICES of them), to assign a model to. */
  device_ids: z.array(z.number()),
});
export type UnknownModel = z.infer<typeof unknownModelSchema>;
/** Reported names listed at most, the most common first. */
export const UNKNOWN_MODEL_LIMIT = 100;
/** Device ids given per reported name (one assignment takes at most this many: idsSchema's limit). */
export const UNKNOWN_MODEL_DEVICES = 200;

export const modelAssignRequestSchema = z.object({
  device_ids: idsSchema,
  /** The model they are of; null: none (the next name they report decides again). */
  model_id: bodyIdSchema.nullable(),
});
export type ModelAssignRequest = z.input<typeof modelAssignRequestSchema>;

// ── Operations: all for holders of setting:model-manage ──────────────────────────────────────

const MODEL = '/backend/manager/device-model';

export const deviceModelOperations = {
  list: operation({
    method: 'GET',
    path: MODEL,
    query: deviceModelListQuerySchema,
    response: deviceModelListSchema,
    access: 'setting:model-manage',
  }),
  create: operation({
    method: 'POST',
    path: MODEL,
    body: deviceModelRequestSchema,
    response: deviceModelItemSchema,
    access: 'setting:model-manage',
  }),
  /** Reported names no model has, the most common first. */
  unknown: operation({
    method: 'GET',
    path: `${MODEL}/unknown`,
    response: z.array(unknownModelSchema),
    access: 'setting:model-manage',
  }),
  /** Sets the model of devices (served by the device module, which owns them). */
  assign: operation({
    method: 'POST',
    path: `${MODEL}/assign`,
    body: modelAssignRequestSchema,
    response: noDataSchema,
    access: 'setting:model-manage',
  }),
  detail: operation({
    method: 'GET',
    path: `${MODEL}/:id`,
    params: idParamsSchema,
    response: deviceModelItemSchema,
    access: 'setting:model-manage',
  }),
  update: operation({
    method: 'PUT',
    path: `${MODEL}/:id`,
    params: idParamsSchema,
    body: deviceModelRequestSchema,
    response: deviceModelItemSchema,
    access: 'setting:model-manage',
  }),
  /** Refused (409001) while devices are of one of them: assign them another first. */
  deleteMany: operation({
    method: 'DELETE',
    path: MODEL,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'setting:model-manage',
  }),
};
