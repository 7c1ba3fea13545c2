import { z } from 'zod';
import { operation } from './operation';
import { cappedListResultSchema, listQuerySchema } from './validation';

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
};
