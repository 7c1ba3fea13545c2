import { z } from 'zod';
import { operation } from './operation';
import { OTA_DEVICE_STATES, OTA_REASON_CODES, otaReasonParamsSchema } from './ota-plan';
import { idsSchema } from './team';
import { cappedListResultSchema, listQuerySchema, listResultSchema } from './validation';

// Where each screen stands (docs/ota.md "Versions and the upgrade list"): the /device/ota upgrade
// list, the OTA count behind the menu dot and the upgrade-tips panel. A device's newest compatible
// package is the newest package for its model whose version is above the one it reports (an
// unknown version counts as the oldest player). Every call counts the caller's scope.

export const OTA_DEVICE_SORT_COLUMNS = ['device_name', 'signage_id', 'status', 'created_at'] as const;
export const otaDeviceListQuerySchema = listQuerySchema(OTA_DEVICE_SORT_COLUMNS).extend({
  /** 1: only devices a newer compatible package exists for. */
  upgradable: z.coerce.number().int().min(0).max(1).optional(),
});
export type OtaDeviceListQuery = z.input<typeof otaDeviceListQuerySchema>;

export const otaDeviceItemSchema = z.object({
  device_id: z.number(),
  signage_id: z.string(),
  device_name: z.string(),
  model_id: z.number().nullable(),
  model_name: z.string().nullable(),
  /** The version the player reports, as it reports it; null: never reported. */
  system_version: z.string().nullable(),
  online: z.boolean(),
  /** The newest compatible package; null: up to date (or no package is for its model). */
  newest_version: z.string().nullable(),
  newest_package_id: z.number().nullable(),
  /** The state of the device in its newest approved upgrade (docs/ota.md); null: none approved. */
  upgrade_state: z.enum(OTA_DEVICE_STATES).nullable(),
});
export type OtaDeviceItem = z.infer<typeof otaDeviceItemSchema>;
/** Counted up to LIST_TOTAL_CAP, as the device list. */
export const otaDeviceListSchema = cappedListResultSchema(otaDeviceItemSchema);
export type OtaDeviceList = z.infer<typeof otaDeviceListSchema>;

/** The OTA count: the menu dot shows while `upgradable_device_count` is not zero. */
export const otaCountSchema = z.object({
  upgradable_device_count: z.number().int().nonnegative(),
});
export type OtaCount = z.infer<typeof otaCountSchema>;

/**
 * POST ota/upgrade: approve the upgrade of these devices to their newest compatible package (at
 * most DEVICE_COMMAND_LIMIT; the service refuses more with device.limit, naming the limit).
 */
export const otaUpgradeRequestSchema = z.object({
  device_ids: idsSchema,
});
export type OtaUpgradeRequest = z.input<typeof otaUpgradeRequestSchema>;

/** Per device: the plan that now holds its upgrade, and the version it goes to. */
export const otaUpgradeResultSchema = z.object({
  list: z.array(z.object({ device_id: z.number(), plan_id: z.number(), version: z.string() })),
});
export type OtaUpgradeResult = z.infer<typeof otaUpgradeResultSchema>;

// ── The approved history (/device/ota/log) ──────────────────────────────────────────────────

const momentSchema = z.iso.datetime({ offset: true, error: 'validation.ota.log.date' }).optional();

/** Newest approval first; by state, keyword (device name, signage ID), approved within from..to. */
export const otaLogQuerySchema = listQuerySchema(['approved_at'] as const)
  .extend({
    state: z.enum(OTA_DEVICE_STATES, { error: 'validation.ota.plan.state' }).optional(),
    from: momentSchema,
    to: momentSchema,
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
    message: 'validation.ota.log.range',
    path: ['to'],
  });
export type OtaLogQuery = z.input<typeof otaLogQuerySchema>;

/** One approved upgrade of one device. */
export const otaLogItemSchema = z.object({
  plan_id: z.number(),
  device_id: z.number(),
  device_name: z.string(),
  signage_id: z.string(),
  /** The device's company: for the platform's roles only (null for everyone else). */
  company_name: z.string().nullable(),
  /** The version the device ran when the upgrade was approved (null: never reported). */
  from_version: z.string().nullable(),
  to_version: z.string(),
  state: z.enum(OTA_DEVICE_STATES),
  /** Why it failed: a code the console words, with its values; or a player's own words. */
  reason_code: z.enum(OTA_REASON_CODES).nullable(),
  reason_params: otaReasonParamsSchema.nullable(),
  reason: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string(),
  /** When it reached a final state. */
  finished_at: z.string().nullable(),
});
export type OtaLogItem = z.infer<typeof otaLogItemSchema>;
export const otaLogListSchema = listResultSchema(otaLogItemSchema);
export type OtaLogList = z.infer<typeof otaLogListSchema>;

// ── Operations: the upgrade list's permission (spec 000 §2 /device/ota) ──────────────────────
export const otaDeviceOperations = {
  deviceList: operation({
    method: 'GET',
    path: '/backend/manager/ota/device',
    query: otaDeviceListQuerySchema,
    response: otaDeviceListSchema,
    access: 'device:ota:list',
  }),
  /** Spec 000 names the OTA count call without its path: this is it. */
  count: operation({
    method: 'GET',
    path: '/backend/manager/ota/count',
    response: otaCountSchema,
    access: 'device:ota:list',
  }),
  /** Approving an upgrade: a mandatory instant plan per package, or "Install now" in a running one. */
  upgrade: operation({
    method: 'POST',
    path: '/backend/manager/ota/upgrade',
    body: otaUpgradeRequestSchema,
    response: otaUpgradeResultSchema,
    access: 'device:ota:list',
  }),
  /** Spec 000 §2 /device/ota/log: the approved history. */
  log: operation({
    method: 'GET',
    path: '/backend/manager/ota/log',
    query: otaLogQuerySchema,
    response: otaLogListSchema,
    access: 'setting:ota-history',
  }),
};
