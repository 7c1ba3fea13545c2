import { z } from 'zod';
import {
  deviceBrightnessSchema,
  deviceOrientationSchema,
  deviceScreenshotIntervalSchema,
  deviceTimersSchema,
  deviceTimezoneSchema,
  deviceVolumeSchema,
} from './device-control';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { programRefSchema } from './program-schemas';
import { idsRequestSchema, idsSchema } from './team';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema, pinSchema } from './validation';

// Device presets (/backend/manager/preset, the /device/preset-setting page, docs/presets.md):
// named sets of device properties kept per workspace, for every screen of it or for one device
// model. Applying one sends its properties to chosen screens through the command path (with the
// player's acknowledgements) and records each screen's result; an auto-apply preset is applied
// to every screen paired into its workspace (of its model).

/** Sound: muted, or unmuted with (optionally) a volume. A volume while muted is refused (spec 001 §4). */
export const presetSoundSchema = z
  .object({ mute: z.boolean(), volume: deviceVolumeSchema.nullable().optional() })
  .refine((sound) => !(sound.mute && sound.volume != null), { message: 'device.muted', path: ['volume'] });

/**
 * The lock: lifted (locked false), or locked with a 6-digit PIN. Editing a locked preset may leave
 * the PIN out to keep the one it has; the PIN is never read back.
 */
export const presetLockRequestSchema = z.object({ locked: z.boolean(), pin: pinSchema.optional() });

/** The properties a preset sets; each absent (or null) one is left as each screen has it. */
export const presetPropertiesRequestSchema = z
  .object({
    brightness: deviceBrightnessSchema.nullish(),
    sound: presetSoundSchema.nullish(),
    orientation: deviceOrientationSchema.nullish(),
    /** The screen's time zone (IANA): its schedules, timers and time rules run on it. */
    timezone: deviceTimezoneSchema.nullish(),
    /** Minutes between the screenshots a screen takes by itself; 0: only on command. */
    screenshot_interval: deviceScreenshotIntervalSchema.nullish(),
    /** The weekly power timers, as the timer page sets them. */
    timers: deviceTimersSchema.nullish(),
    /** The default content: a playlist or composition of the preset's workspace or below. */
    default_program: programRefSchema.nullish(),
    lock: presetLockRequestSchema.nullish(),
  })
  .refine((properties) => Object.values(properties).some((value) => value != null), {
    message: 'preset.noProperty',
  });
export type PresetPropertiesRequest = z.input<typeof presetPropertiesRequestSchema>;

export const presetRequestSchema = z.object({
  name: nameSchema,
  /** A device model of the catalogue: the preset is for that model's screens only; null: every screen. */
  model_id: bodyIdSchema.nullable().optional(),
  /** Applied to every screen paired into the preset's workspace (of its model). */
  auto_apply: z.boolean().optional(),
  properties: presetPropertiesRequestSchema,
});
export type PresetRequest = z.input<typeof presetRequestSchema>;
export type PresetFields = z.output<typeof presetRequestSchema>;

export const presetPropertiesSchema = z.object({
  brightness: z.number().nullable(),
  sound: z.object({ mute: z.boolean(), volume: z.number().nullable() }).nullable(),
  orientation: z.number().nullable(),
  timezone: z.string().nullable(),
  screenshot_interval: z.number().nullable(),
  timers: deviceTimersSchema.nullable(),
  /** With its name, to show it. */
  default_program: programRefSchema.extend({ name: z.string() }).nullable(),
  lock: z.object({ locked: z.boolean() }).nullable(),
});
export type PresetProperties = z.infer<typeof presetPropertiesSchema>;

export const presetItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The workspace it belongs to: it applies to that workspace's screens. */
  group_id: z.number(),
  group_name: z.string(),
  model_id: z.number().nullable(),
  model_name: z.string().nullable(),
  auto_apply: z.boolean(),
  properties: presetPropertiesSchema,
  creator_name: z.string().nullable(),
  last_applied_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PresetItem = z.infer<typeof presetItemSchema>;

export const PRESET_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;
export const presetListQuerySchema = listQuerySchema(PRESET_SORT_COLUMNS);
export type PresetListQuery = z.input<typeof presetListQuerySchema>;
export const presetListSchema = listResultSchema(presetItemSchema);

/** POST preset/{id}/apply: screens of the preset's workspace (and model), at most DEVICE_COMMAND_LIMIT. */
export const presetApplyRequestSchema = z.object({ device_ids: idsSchema });
export type PresetApplyRequest = z.input<typeof presetApplyRequestSchema>;

/** Who applied it: a user (manual) or the pairing of a screen (auto_apply). */
export const PRESET_APPLY_SOURCES = ['manual', 'pairing'] as const;
export type PresetApplySource = (typeof PRESET_APPLY_SOURCES)[number];

/**
 * A screen's result: sent (commands waiting for its answer, or only state to push), acknowledged
 * (it answered every command), failed (it refused one: `result` says why), timeout (it never
 * answered), offline (not controlled: only online screens are, spec 001 §4), unsupported (its
 * player version lacks a property, docs/device-features.md: nothing was sent).
 */
export const PRESET_DEVICE_STATES = [
  'sent',
  'acknowledged',
  'failed',
  'timeout',
  'offline',
  'unsupported',
] as const;
export type PresetDeviceState = (typeof PRESET_DEVICE_STATES)[number];

export const presetApplicationSchema = z.object({
  id: z.number(),
  source: z.enum(PRESET_APPLY_SOURCES),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  devices: z.array(
    z.object({
      device_id: z.number(),
      device_name: z.string(),
      signage_id: z.string(),
      state: z.enum(PRESET_DEVICE_STATES),
      result: z.string().nullable(),
    }),
  ),
});
export type PresetApplication = z.infer<typeof presetApplicationSchema>;
export const presetApplicationListSchema = z.object({ list: z.array(presetApplicationSchema) });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const PRESET = '/backend/manager/preset';

/** Presets (spec 000 §2 /device/preset-setting): every call needs device:preset-prop:list. */
export const presetOperations = {
  list: operation({
    method: 'GET',
    path: PRESET,
    query: presetListQuerySchema,
    response: presetListSchema,
    access: 'device:preset-prop:list',
  }),
  create: operation({
    method: 'POST',
    path: PRESET,
    body: presetRequestSchema,
    response: presetItemSchema,
    access: 'device:preset-prop:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: PRESET,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'device:preset-prop:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${PRESET}/:id`,
    params: idParamsSchema,
    response: presetItemSchema,
    access: 'device:preset-prop:list',
  }),
  update: operation({
    method: 'PUT',
    path: `${PRESET}/:id`,
    params: idParamsSchema,
    body: presetRequestSchema,
    response: presetItemSchema,
    access: 'device:preset-prop:list',
  }),
  apply: operation({
    method: 'POST',
    path: `${PRESET}/:id/apply`,
    params: idParamsSchema,
    body: presetApplyRequestSchema,
    response: presetApplicationSchema,
    access: 'device:preset-prop:list',
  }),
  /** The latest applications, newest first, with each screen's result now. */
  applications: operation({
    method: 'GET',
    path: `${PRESET}/:id/apply`,
    params: idParamsSchema,
    response: presetApplicationListSchema,
    access: 'device:preset-prop:list',
  }),
};
