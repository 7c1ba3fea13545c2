import { z } from 'zod';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { PLAYER_CALLS } from './player';
import {
  bodyIdSchema,
  listQuerySchema,
  listResultSchema,
  nameSchema,
  required,
  textSchema,
} from './validation';

// OTA plans (/backend/manager/ota/plan, the /ota/plan page; docs/ota.md "Plans"): a package sent
// to devices chosen by device, workspace or model, resolved when the plan is created into one row
// per device whose state the player's reports move on. The player's side (the offer in its state,
// the download, the report) is in "For any player".

/** A plan: running until every device is in a final state (finished), or paused, or cancelled. */
export const OTA_PLAN_STATUSES = ['running', 'paused', 'cancelled', 'finished'] as const;
export type OtaPlanStatus = (typeof OTA_PLAN_STATUSES)[number];

/**
 * A device in a plan. skipped (decided at creation: not its model, or already at the version),
 * installed, failed and cancelled are final; failed goes back to waiting by "retry failed".
 */
export const OTA_DEVICE_STATES = [
  'waiting',
  'downloading',
  'installing',
  'installed',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type OtaDeviceState = (typeof OTA_DEVICE_STATES)[number];
export const OTA_FINAL_STATES: readonly OtaDeviceState[] = ['installed', 'failed', 'skipped', 'cancelled'];

/** Why a device was skipped at creation (the console words them). */
export const OTA_SKIP_REASONS = ['model', 'version'] as const;
export type OtaSkipReason = (typeof OTA_SKIP_REASONS)[number];

/**
 * Why an upgrade failed, as a code the console words in the reader's language (docs/ota.md
 * "Failure reasons"); its values (a version, seconds, MD5s, an error's text) come in
 * `reason_params`. `wrong_version` is the server's; the others a player's. A player with other
 * words sends `reason` alone.
 */
export const OTA_FAILURE_REASONS = [
  'md5',
  'not_zip',
  'outside',
  'no_index',
  'no_storage',
  'no_worker',
  'withdrawn',
  'not_started',
  'threw',
  'not_healthy',
  'not_healthy_starts',
  'not_kept',
  'not_installed',
  'wrong_version',
] as const;
export type OtaFailureReason = (typeof OTA_FAILURE_REASONS)[number];
/** A skip's or a failure's code. */
export const OTA_REASON_CODES = [...OTA_SKIP_REASONS, ...OTA_FAILURE_REASONS] as const;
export type OtaReasonCode = (typeof OTA_REASON_CODES)[number];

/** A reason's values by name (`version`, `seconds`, `actual`, `expected`, `error`…). */
export const otaReasonParamsSchema = z
  .record(z.string().max(32), z.union([z.string().max(256), z.number()]))
  .refine((params) => Object.keys(params).length <= 8, 'validation.invalid');
export type OtaReasonParams = z.infer<typeof otaReasonParamsSchema>;

/** When a device is offered the upgrade: at once, from a local date-time, or within a local window. */
export const OTA_PLAN_TIMINGS = ['instant', 'at', 'window'] as const;
export type OtaPlanTiming = (typeof OTA_PLAN_TIMINGS)[number];

/** A date and time on each device's own clock (its time zone; UTC without one): YYYY-MM-DDTHH:mm. */
export const LOCAL_DATE_TIME_PATTERN =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const validDate = (value: string) => new Date(`${value}:00Z`).toISOString().slice(0, 16) === value; // 2026-02-30 is refused
const localDateTimeSchema = z
  .string({ error: 'validation.ota.plan.time' })
  .regex(LOCAL_DATE_TIME_PATTERN, 'validation.ota.plan.time')
  .refine(validDate, 'validation.ota.plan.time');

const targetIdsSchema = z
  .array(bodyIdSchema, { error: 'validation.id' })
  .max(200, 'validation.ids.max')
  .default([]);

/** Devices, workspaces or models: at least one id among them. */
export const otaPlanTargetsSchema = z
  .object({ device_ids: targetIdsSchema, workspace_ids: targetIdsSchema, model_ids: targetIdsSchema })
  .refine(
    (targets) => targets.device_ids.length + targets.workspace_ids.length + targets.model_ids.length > 0,
    'validation.ota.plan.targets',
  );

/** POST ota/plan. `at` for timing "at", `window_start` and `window_end` for "window". */
export const otaPlanCreateRequestSchema = z
  .object({
    name: nameSchema,
    description: textSchema.trim().default(''),
    package_id: z
      .number(required('validation.ota.plan.package'))
      .int('validation.id')
      .positive('validation.id')
      .max(2_147_483_647, 'validation.id'),
    targets: otaPlanTargetsSchema,
    mandatory: z.boolean({ error: 'validation.boolean' }).default(false),
    timing: z.enum(OTA_PLAN_TIMINGS, { error: 'validation.ota.plan.timing' }).default('instant'),
    at: localDateTimeSchema.nullish(),
    window_start: localDateTimeSchema.nullish(),
    window_end: localDateTimeSchema.nullish(),
  })
  .superRefine((plan, ctx) => {
    const missing = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: 'validation.ota.plan.time' });
    if (plan.timing === 'at' && !plan.at) missing('at');
    if (plan.timing === 'window') {
      if (!plan.window_start) missing('window_start');
      if (!plan.window_end) missing('window_end');
      if (plan.window_start && plan.window_end && plan.window_end <= plan.window_start) {
        ctx.addIssue({ code: 'custom', path: ['window_end'], message: 'validation.ota.plan.window' });
      }
    }
  });
export type OtaPlanCreateRequest = z.input<typeof otaPlanCreateRequestSchema>;

/** Devices per state. */
export const otaPlanCountsSchema = z.object(
  Object.fromEntries(OTA_DEVICE_STATES.map((state) => [state, z.number()])) as Record<
    OtaDeviceState,
    z.ZodNumber
  >,
);
export type OtaPlanCounts = z.infer<typeof otaPlanCountsSchema>;

export const otaPlanItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  package: z.object({ id: z.number(), version: z.string() }),
  mandatory: z.boolean(),
  timing: z.enum(OTA_PLAN_TIMINGS),
  at: z.string().nullable(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  status: z.enum(OTA_PLAN_STATUSES),
  /** How many devices, workspaces and models were asked for when the plan was created. */
  targets: z.object({ devices: z.number(), workspaces: z.number(), models: z.number() }),
  /** The devices the plan resolved to, and how many are in each state. */
  total: z.number(),
  counts: otaPlanCountsSchema,
  created_by: z.string().nullable(),
  /**
   * The company whose owner or user admin approved these upgrades on /device/ota (docs/ota.md
   * "Approving an upgrade"); null for the platform's own plans.
   */
  company_name: z.string().nullable(),
  created_at: z.string(),
});
export type OtaPlanItem = z.infer<typeof otaPlanItemSchema>;

export const OTA_PLAN_SORT_COLUMNS = ['name', 'created_at'] as const;
export const otaPlanListQuerySchema = listQuerySchema(OTA_PLAN_SORT_COLUMNS).extend({
  status: z.enum(OTA_PLAN_STATUSES, { error: 'validation.ota.plan.status' }).optional(),
});
export type OtaPlanListQuery = z.input<typeof otaPlanListQuerySchema>;
export const otaPlanListSchema = listResultSchema(otaPlanItemSchema);

/** One device of a plan with its state; `reason` says why it failed or was skipped. */
export const otaPlanDeviceSchema = z.object({
  device_id: z.number(),
  device_name: z.string(),
  signage_id: z.string(),
  company_name: z.string().nullable(),
  group_name: z.string().nullable(),
  system_version: z.string().nullable(),
  timezone: z.string().nullable(),
  state: z.enum(OTA_DEVICE_STATES),
  /** Why it was skipped or failed, worded by the console; null: no code (see `reason`). */
  reason_code: z.enum(OTA_REASON_CODES).nullable(),
  reason_params: otaReasonParamsSchema.nullable(),
  /** A player's own words for a failure it has no code for. */
  reason: z.string().nullable(),
  /** The plan is mandatory, or the operator chose "Install now" for this device. */
  mandatory: z.boolean(),
  updated_at: z.string(),
});
export type OtaPlanDevice = z.infer<typeof otaPlanDeviceSchema>;

export const otaPlanDeviceQuerySchema = listQuerySchema(['device_name'] as const).extend({
  state: z.enum(OTA_DEVICE_STATES, { error: 'validation.ota.plan.state' }).optional(),
});
export type OtaPlanDeviceQuery = z.input<typeof otaPlanDeviceQuerySchema>;
export const otaPlanDeviceListSchema = listResultSchema(otaPlanDeviceSchema);

/** POST ota/plan/:id/install-now: these devices of the plan install at once (mandatory for them). */
export const otaPlanInstallNowRequestSchema = z.object({
  device_ids: z
    .array(bodyIdSchema, { error: 'validation.ids.required' })
    .min(1, 'validation.ids.required')
    .max(200, 'validation.ids.max'),
});

/**
 * GET ota/plan/target/workspace: workspaces of every company by name (keyword), with their
 * company, for a plan's targets: the platform's roles hold no workspace key of their own.
 */
export const otaPlanWorkspaceQuerySchema = listQuerySchema(['name'] as const);
export type OtaPlanWorkspaceQuery = z.input<typeof otaPlanWorkspaceQuerySchema>;
export const otaPlanWorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_name: z.string(),
});
export type OtaPlanWorkspace = z.infer<typeof otaPlanWorkspaceSchema>;
export const otaPlanWorkspaceListSchema = listResultSchema(otaPlanWorkspaceSchema);

// ── The player's side ────────────────────────────────────────────────────────────────────────

/**
 * The upgrade a player is offered in its state: the newest running plan holding the device, not
 * final, and due on the device's clock. `url` is the download (device token as Bearer).
 */
export const playerUpgradeSchema = z.object({
  plan_id: z.number(),
  version: z.string(),
  md5: z.string(),
  size: z.number(),
  mandatory: z.boolean(),
  url: z.string(),
});
export type PlayerUpgrade = z.infer<typeof playerUpgradeSchema>;

/** What a player reports of an upgrade: the states only move forward (retry aside). */
export const OTA_REPORT_STATES = ['downloading', 'installing', 'installed', 'failed'] as const;
export const otaReportRequestSchema = z.object({
  plan_id: bodyIdSchema,
  state: z.enum(OTA_REPORT_STATES, { error: 'validation.ota.plan.state' }),
  /** With failed: the failure's code and its values; `reason`, the player's words (kept too). */
  reason_code: z.enum(OTA_FAILURE_REASONS, { error: 'validation.invalid' }).nullish(),
  reason_params: otaReasonParamsSchema.nullish(),
  reason: z.string().trim().max(256, 'validation.text.max').nullish(),
  /** With installed: the version now running, which must be the package's. */
  version: z.string().trim().max(64, 'validation.ota.version.format').nullish(),
});
export type OtaReportRequest = z.input<typeof otaReportRequestSchema>;

/** GET player/ota/package/:plan_id: the plan's file, for a device of the plan. */
export const otaPlanParamsSchema = z.object({ plan_id: idParamsSchema.shape.id });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const PLAN = '/backend/manager/ota/plan';

/**
 * Plans (spec 000 §2 /ota/plan): every call needs ota:plan:list, which only the platform's roles
 * may hold, and the server serves them to the platform alone (as packages).
 */
export const otaPlanOperations = {
  planList: operation({
    method: 'GET',
    path: PLAN,
    query: otaPlanListQuerySchema,
    response: otaPlanListSchema,
    access: 'ota:plan:list',
  }),
  /** Workspaces across companies, to choose a plan's targets. */
  planTargetWorkspaces: operation({
    method: 'GET',
    path: `${PLAN}/target/workspace`,
    query: otaPlanWorkspaceQuerySchema,
    response: otaPlanWorkspaceListSchema,
    access: 'ota:plan:list',
  }),
  planCreate: operation({
    method: 'POST',
    path: PLAN,
    body: otaPlanCreateRequestSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  planDetail: operation({
    method: 'GET',
    path: `${PLAN}/:id`,
    params: idParamsSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  planDevices: operation({
    method: 'GET',
    path: `${PLAN}/:id/device`,
    params: idParamsSchema,
    query: otaPlanDeviceQuerySchema,
    response: otaPlanDeviceListSchema,
    access: 'ota:plan:list',
  }),
  planPause: operation({
    method: 'POST',
    path: `${PLAN}/:id/pause`,
    params: idParamsSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  planResume: operation({
    method: 'POST',
    path: `${PLAN}/:id/resume`,
    params: idParamsSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  planCancel: operation({
    method: 'POST',
    path: `${PLAN}/:id/cancel`,
    params: idParamsSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  /** Failed devices back to waiting; a finished plan runs again. */
  planRetry: operation({
    method: 'POST',
    path: `${PLAN}/:id/retry`,
    params: idParamsSchema,
    response: otaPlanItemSchema,
    access: 'ota:plan:list',
  }),
  planInstallNow: operation({
    method: 'POST',
    path: `${PLAN}/:id/install-now`,
    params: idParamsSchema,
    body: otaPlanInstallNowRequestSchema,
    response: noDataSchema,
    access: 'ota:plan:list',
  }),
  /** The player's report of an upgrade (device token as Bearer). */
  playerReport: operation({
    ...PLAYER_CALLS.otaReport,
    body: otaReportRequestSchema,
    response: noDataSchema,
  }),
};
