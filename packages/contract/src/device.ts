import { z } from 'zod';
import {
  type DeviceCommand,
  deviceBatchCommandRequestSchema,
  deviceBatchTimersRequestSchema,
  deviceCommandItemSchema,
  deviceCommandListSchema,
  deviceCommandSchema,
  deviceLockRequestSchema,
  deviceTimersSchema,
} from './device-control';
import { DeviceStatus } from './enums';
import { deviceLicenseStatusSchema } from './license';
import { CLAIM_TRIALS, DEVICE_LICENSE_STATES } from './license-types';
import { MAX_NAME_LENGTH } from './limits';
import { noDataSchema, operation } from './operation';
import { appPackageSchema } from './ota-key';
import { playerUpgradeSchema } from './ota-plan';
import { cleanModelName, REPORTED_MODEL_MAX_LENGTH, STORAGE_MODES } from './player';
import { programRefSchema } from './program-schemas';
import { idsRequestSchema, idsSchema } from './team';
import {
  bodyIdSchema,
  cappedListResultSchema,
  idSchema,
  listQuerySchema,
  macSchema,
  nameSchema,
  pinSchema,
  signageIdSchema,
} from './validation';

// Devices (ARCHITECTURE §7) under /backend/manager/device, and the player's own calls under
// /backend/player. A device row exists from a player's first hello; an operator claims it with
// its signage ID and the PIN it shows, which puts it in a company and a workspace (group_id).

// ── The console's calls ─────────────────────────────────────────────────────────────────────

export const deviceAddRequestSchema = z.object({
  signage_id: signageIdSchema,
  device_name: nameSchema,
  group_id: bodyIdSchema,
  /** The PIN the screen shows (the drawer's "authentication" field). */
  authentication: pinSchema,
});
export type DeviceAddRequest = z.input<typeof deviceAddRequestSchema>;

export const deviceEditRequestSchema = z.object({
  device_name: nameSchema,
  description: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH * 4, 'validation.text.max')
    .nullable()
    .optional(),
  /** What the screen plays when nothing is scheduled: a playlist or composition its workspace uses; null clears it. */
  default_program: programRefSchema.nullable().optional(),
});
export type DeviceEditRequest = z.input<typeof deviceEditRequestSchema>;

export const deviceMoveRequestSchema = z.object({ ids: idsSchema, group_id: bodyIdSchema });
export type DeviceMoveRequest = z.input<typeof deviceMoveRequestSchema>;

export const DEVICE_SORT_COLUMNS = [
  'device_name',
  'signage_id',
  'status',
  'last_seen_at',
  'created_at',
] as const;
export const deviceListQuerySchema = listQuerySchema(DEVICE_SORT_COLUMNS).extend({
  status: z.coerce
    .number()
    .int()
    .refine((value) => Object.values(DeviceStatus).includes(value as DeviceStatus), 'validation.status')
    .optional(),
  group_id: idSchema.optional(),
  /** 1: online only, 0: offline only. */
  online: z.coerce.number().int().min(0).max(1).optional(),
});
export type DeviceListQuery = z.input<typeof deviceListQuerySchema>;

export const deviceItemSchema = z.object({
  device_id: z.number(),
  signage_id: z.string(),
  device_name: z.string(),
  description: z.string().nullable(),
  mac: z.string().nullable(),
  /** The model name the player reports. */
  device_model: z.string().nullable(),
  /** The catalogue's model it is of (the reported name matched, or one assigned); null: unknown. */
  model_id: z.number().nullable(),
  model_name: z.string().nullable(),
  /** "1920x1080" as the screen reports it. */
  resolution: z.string().nullable(),
  orientation: z.number(),
  timezone: z.string().nullable(),
  brightness: z.number(),
  volume: z.number(),
  mute: z.boolean(),
  /** The player's version. */
  system_version: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Bytes the player can still store (quota − usage of the browser's storage estimate); null: it never said. */
  free_storage: z.number().nullable(),
  /** Bytes the browser lets the player store in all (its storage estimate's quota); null: it never said. */
  storage_quota: z.number().nullable(),
  storage_mode: z.enum(STORAGE_MODES).nullable(),
  /** The media MIME types the player reported it can play; null: unknown (all allowed when scheduling). */
  media_types: z.array(z.string()).nullable().optional(),
  /** Whether the screen is on (screen-off / screen-on commands). */
  screen_on: z.boolean(),
  lock_enabled: z.boolean(),
  timers: deviceTimersSchema,
  /** The default content: what the screen plays when nothing is scheduled. */
  default_program: programRefSchema.nullable(),
  /** When the latest screenshot was taken (GET /manager/device/{id}/screenshot), if any. */
  screenshot_at: z.string().nullable(),
  status: z.number(),
  online: z.boolean(),
  group_id: z.number(),
  group_name: z.string(),
  company_id: z.number(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  /** Its licence state and the licence it holds, read with the device (docs/license.md). */
  license: deviceLicenseStatusSchema.omit({ device_id: true }),
});
export type DeviceItem = z.infer<typeof deviceItemSchema>;
/** What claiming answers: the device, and whether it got a trial licence (docs/license.md "Trials"). */
export const deviceAddResultSchema = deviceItemSchema.extend({ trial: z.enum(CLAIM_TRIALS) });
export type DeviceAddResult = z.infer<typeof deviceAddResultSchema>;
/** Counted up to LIST_TOTAL_CAP: a company may hold 100,000 screens. */
export const deviceListSchema = cappedListResultSchema(deviceItemSchema);
export type DeviceList = z.infer<typeof deviceListSchema>;

// ── The player's calls and socket ───────────────────────────────────────────────────────────

/** What a player reports about itself (hello and the socket's auth message). */
export const playerInfoSchema = z.object({
  resolution: z.string().max(32).nullable().optional(),
  orientation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
  timezone: z.string().max(64).nullable().optional(),
  user_agent: z.string().max(512).nullable().optional(),
  player_version: z.string().max(32).nullable().optional(),
  /** navigator.storage.estimate(): quota − usage, and the quota; null when the browser does not say. */
  free_storage: z.number().int().min(0).nullable().optional(),
  storage_quota: z.number().int().min(0).nullable().optional(),
  storage_mode: z.enum(STORAGE_MODES).nullable().optional(),
  /** Only a kiosk launch knows it (?mac=); a browser cannot read it. */
  mac: macSchema.nullable().optional(),
  language: z.string().max(16).nullable().optional(),
  /** The model: the kiosk launcher's ?model=, else the browser and system; stored cleaned. */
  model: z.string().max(REPORTED_MODEL_MAX_LENGTH).nullable().transform(cleanModelName).optional(),
  /** The media MIME types this screen can play (canPlayType); scheduling refuses others. Absent: unknown, all allowed. */
  media_types: z.array(z.string().max(64)).max(64).nullable().optional(),
});
export type PlayerInfo = z.infer<typeof playerInfoSchema>;

/** POST /backend/player/hello: without a token registers a new screen; with one, its state now. */
export const playerHelloRequestSchema = z.object({
  token: z.string().min(20).max(128).optional(),
  info: playerInfoSchema.optional(),
  /**
   * The player application's id (com.acme.signage). Absent, or BROWSER_PLAYER_PACKAGE: Vitrine's
   * browser player. Any other needs its app key in X-App-Key (docs/ota.md "App keys").
   */
  app_package: appPackageSchema.optional(),
});
export type PlayerHelloRequest = z.input<typeof playerHelloRequestSchema>;

export const playerStateSchema = z.object({
  /** Only in the answer that registered the screen: keep it, it is never shown again. */
  token: z.string().optional(),
  signage_id: z.string(),
  paired: z.boolean(),
  /** While unpaired: the PIN to show, and when it gives way to the next one. */
  pin: z.string().nullable(),
  pin_expires_at: z.string().nullable(),
  device_name: z.string().nullable(),
  company_name: z.string().nullable(),
  /** The console's public address (/setting/server), for the pairing screen's address and QR code. */
  console_url: z.string().optional(),
  server_time: z.string(),
  /** What the screen should be set to (commands change it; a restarted player applies it). */
  settings: z.object({
    volume: z.number(),
    mute: z.boolean(),
    brightness: z.number(),
    orientation: z.number(),
    screen_on: z.boolean(),
    /** Its time zone (IANA): schedules, timers and time rules run on it; null: the browser's own. */
    timezone: z.string().nullable(),
    /** Minutes between the screenshots it takes by itself (uploaded without a command); 0: none. */
    screenshot_interval: z.number(),
  }),
  /** Weekly power periods, in the device's own time zone (settings.timezone). */
  timers: deviceTimersSchema,
  /** The settings screen's lock: SHA-256 (hex) of salt + PIN, checked on the screen itself. */
  lock: z.object({ salt: z.string(), pin_sha256: z.string() }).nullable(),
  /**
   * The screen's licence: without one in force (none, expired) a paired screen says so instead of
   * playing. `expires_at` is on the server's real clock, so the screen switches at that moment.
   */
  license: z.object({ state: z.enum(DEVICE_LICENSE_STATES), expires_at: z.string().nullable() }),
  /** An upgrade offered to the screen now (docs/ota.md "For any player"), or null. */
  upgrade: playerUpgradeSchema.nullable(),
  /**
   * What the screen shows while it starts, until its program is ready (startup.ts): the logo (a
   * PNG), then the video, each its model's when the model has one, else its company's; null: none.
   */
  startup: z.object({ logo: z.string().nullable(), video: z.string().nullable() }),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

/**
 * GET /backend/player/poll (device token as Bearer): the socket's fallback. The state, and the
 * commands still waiting for this screen; with If-None-Match of the last ETag, 304 when neither
 * changed (server_time is left out of the ETag).
 */
export const playerPollSchema = z.object({
  state: playerStateSchema,
  commands: z.array(z.object({ command_id: z.number(), command: deviceCommandSchema })),
});
export type PlayerPoll = z.infer<typeof playerPollSchema>;

/** POST /backend/player/ack (device token as Bearer): a command's result without the socket. */
export const playerAckRequestSchema = z.object({
  command_id: bodyIdSchema,
  ok: z.boolean(),
  result: z.string().max(1000).nullable().optional(),
});
export type PlayerAckRequest = z.input<typeof playerAckRequestSchema>;

/** Player → server over the socket. */
export type PlayerMessage =
  | { type: 'auth'; token: string; info?: PlayerInfo }
  | { type: 'heartbeat'; sent_at: number; info?: PlayerInfo }
  /** Asks the server's time (answered by a pong at once); sent_at is the player's own clock. */
  | { type: 'ping'; sent_at: number }
  /** The result of a command: ok, or not with an error text. */
  | { type: 'ack'; command_id: number; ok: boolean; result?: string | null };

/** Server → player over the socket. */
export type ServerMessage =
  /** After auth; server_time (ms since the epoch) lets the player keep its clock offset. */
  | { type: 'welcome'; server_time: number; state: PlayerState }
  | { type: 'heartbeat'; server_time: number; sent_at: number }
  /** A ping's answer: the server's time when it was read, and the ping's sent_at back. */
  | { type: 'pong'; server_time: number; sent_at: number }
  /** The state changed: claimed, renamed, a new PIN, moved. */
  | { type: 'state'; state: PlayerState }
  /** Deleted from the console: forget the token and register anew. */
  | { type: 'unpaired' }
  /** Do this and acknowledge it (a screenshot is uploaded to /backend/player/screenshot first). */
  | { type: 'command'; command_id: number; command: DeviceCommand }
  /** Something the manifest holds changed: fetch GET /backend/player/manifest again (with If-None-Match). */
  | { type: 'manifest' }
  /** A networked sensor this screen listens to read a tag (POST /backend/sensor/read): a tap. */
  | { type: 'sensor'; sensor_id: string }
  | { type: 'error'; code: number; msg: string };

// ── Operations (ARCHITECTURE §5) ────────────────────────────────────────────────────────────
// The list and its writes, and a command to several devices, need device:dev:list; one device's
// page, its commands and its lock device:dev:info; the weekly timers device:timer:add. The
// screenshot (GET …/:device_id/screenshot) is an image, not an envelope: a route of its own.

const DEVICE = '/backend/manager/device';

/** The `:device_id` of a path. */
export const deviceParamsSchema = z.object({ device_id: idSchema });
const commandParamsSchema = deviceParamsSchema.extend({ command_id: idSchema });

export const deviceOperations = {
  list: operation({
    method: 'GET',
    path: DEVICE,
    query: deviceListQuerySchema,
    response: deviceListSchema,
    access: 'device:dev:list',
  }),
  add: operation({
    method: 'POST',
    path: DEVICE,
    body: deviceAddRequestSchema,
    response: deviceAddResultSchema,
    access: 'device:dev:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: DEVICE,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'device:dev:list',
  }),
  move: operation({
    method: 'POST',
    path: `${DEVICE}/move`,
    body: deviceMoveRequestSchema,
    response: noDataSchema,
    access: 'device:dev:list',
  }),
  detail: operation({
    method: 'GET',
    path: `${DEVICE}/:device_id`,
    params: deviceParamsSchema,
    response: deviceItemSchema,
    access: 'device:dev:info',
  }),
  update: operation({
    method: 'PUT',
    path: `${DEVICE}/:device_id`,
    params: deviceParamsSchema,
    body: deviceEditRequestSchema,
    response: deviceItemSchema,
    access: 'device:dev:info',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${DEVICE}/:device_id`,
    params: deviceParamsSchema,
    response: noDataSchema,
    access: 'device:dev:list',
  }),
  batchCommand: operation({
    method: 'POST',
    path: `${DEVICE}/command`,
    body: deviceBatchCommandRequestSchema,
    response: deviceCommandListSchema,
    access: 'device:dev:list',
  }),
  command: operation({
    method: 'POST',
    path: `${DEVICE}/:device_id/command`,
    params: deviceParamsSchema,
    body: deviceCommandSchema,
    response: deviceCommandItemSchema,
    access: 'device:dev:info',
  }),
  commands: operation({
    method: 'GET',
    path: `${DEVICE}/:device_id/command`,
    params: deviceParamsSchema,
    response: deviceCommandListSchema,
    access: 'device:dev:info',
  }),
  commandStatus: operation({
    method: 'GET',
    path: `${DEVICE}/:device_id/command/:command_id`,
    params: commandParamsSchema,
    response: deviceCommandItemSchema,
    access: 'device:dev:info',
  }),
  batchTimers: operation({
    method: 'PUT',
    path: `${DEVICE}/timer`,
    body: deviceBatchTimersRequestSchema,
    response: noDataSchema,
    access: 'device:timer:add',
  }),
  timers: operation({
    method: 'GET',
    path: `${DEVICE}/:device_id/timer`,
    params: deviceParamsSchema,
    response: deviceTimersSchema,
    access: 'device:timer:add',
  }),
  saveTimers: operation({
    method: 'PUT',
    path: `${DEVICE}/:device_id/timer`,
    params: deviceParamsSchema,
    body: deviceTimersSchema,
    response: deviceTimersSchema,
    access: 'device:timer:add',
  }),
  lock: operation({
    method: 'PUT',
    path: `${DEVICE}/:device_id/lock`,
    params: deviceParamsSchema,
    body: deviceLockRequestSchema,
    response: deviceItemSchema,
    access: 'device:dev:info',
  }),
};
