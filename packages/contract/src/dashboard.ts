import { z } from 'zod';
import { LICENSE_TYPES } from './license-types';
import { operation } from './operation';
import { APPROVAL_STATES } from './schedule';

// The /home dashboard (spec 000 §7 "Dashboard statistics", under /manager/dashboard, no
// parameters, permission dashboard:data). Each call counts what the caller's tenant scope sees:
// the platform everything, a customer its companies, an owner its company, a user admin or user
// its workspaces (license-statistic: its holder's licences).

const count = z.number().int().nonnegative();
const bytes = z.number().nonnegative();

/** GET /manager/dashboard/user-statistic: accounts by role and by AccountStatus. */
export const userStatisticSchema = z.object({
  total: count,
  by_role: z.array(z.object({ role_id: z.number().int(), count })),
  by_status: z.array(z.object({ status: z.number().int(), count })),
});
export type UserStatistic = z.infer<typeof userStatisticSchema>;

/** How many device models the device statistic names; the rest are summed under model null. */
export const DASHBOARD_TOP_MODELS = 8;

/** GET /manager/dashboard/device-statistic: screens by DeviceStatus, Orientation and model. */
export const deviceStatisticSchema = z.object({
  total: count,
  online: count,
  offline: count,
  unconfirmed: count,
  by_status: z.array(z.object({ status: z.number().int(), count })),
  by_orientation: z.array(z.object({ orientation: z.number().int(), count })),
  /** The most common models, largest first; model null gathers the others and the unknown. */
  by_model: z.array(z.object({ model: z.string().nullable(), count })),
});
export type DeviceStatistic = z.infer<typeof deviceStatisticSchema>;

/** GET /manager/dashboard/schedule-statistic. */
export const scheduleStatisticSchema = z.object({
  total: count,
  /** Approved, today (server date) between its start and end dates. */
  live: count,
  /** Approved, starting after today. */
  upcoming: count,
  /** Approved, ended before today. */
  ended: count,
  by_state: z.array(z.object({ state: z.enum(APPROVAL_STATES), count })),
  by_type: z.array(z.object({ type: z.string(), count })),
});
export type ScheduleStatistic = z.infer<typeof scheduleStatisticSchema>;

/** GET /manager/dashboard/content-statistic: library items by ContentType (recycle bin apart). */
export const contentStatisticSchema = z.object({
  total: count,
  total_size: bytes,
  by_type: z.array(z.object({ type: z.number().int(), count, size: bytes })),
  /** Items in the recycle bin, and their bytes (still stored). */
  recycled: count,
  recycled_size: bytes,
});
export type ContentStatistic = z.infer<typeof contentStatisticSchema>;

/** GET /manager/dashboard/oss-statistic: storage of the companies in scope (spec 001 §1 quota). */
export const ossStatisticSchema = z.object({
  companies: count,
  /** Devices licensed now: each adds 1 GB to its company's 500 MB. */
  licensed_devices: count,
  total_size: bytes,
  used_size: bytes,
  available_size: bytes,
  content_size: bytes,
  upload_size: bytes,
  font_size: bytes,
  sticker_size: bytes,
});
export type OssStatistic = z.infer<typeof ossStatisticSchema>;

/** A holder's pool summed over its batches, as its licence page shows them per batch. */
const licensePoolTotals = { quantity: count, assigned: count, available: count };

/**
 * GET /manager/dashboard/license-statistic: the licences of the caller's holder (docs/license.md
 * "Dashboard"). The platform: per licence type, issued, still available in its pool, assigned to
 * customers and bound to devices in force. A customer: its pool and the devices of its companies
 * holding a licence in force. A company (owner, user admin, user): its pool and its devices in
 * scope by licence state; `expiring` (licensed, expiring within `remind_days`) counts with the
 * company's reminder threshold (`remind_from` 'setting') or the default (`remind_from` 'default').
 */
export const licenseStatisticSchema = z.discriminatedUnion('holder', [
  z.object({
    holder: z.literal('platform'),
    by_type: z.array(
      z.object({
        type: z.enum(LICENSE_TYPES),
        issued: count,
        available: count,
        customers: count,
        devices: count,
      }),
    ),
  }),
  z.object({ holder: z.literal('customer'), ...licensePoolTotals, devices: count }),
  z.object({
    holder: z.literal('company'),
    ...licensePoolTotals,
    /** A licence in force or a whitelisted MAC. */
    licensed: count,
    expiring: count,
    expired: count,
    /** Never held a licence (and not whitelisted). */
    unlicensed: count,
    remind_days: z.number().int().positive(),
    remind_from: z.enum(['setting', 'default']),
  }),
  z.object({ holder: z.literal('none') }),
]);
export type LicenseStatistic = z.infer<typeof licenseStatisticSchema>;

/** How many player versions the OTA statistic names; the rest are summed under version null. */
export const DASHBOARD_TOP_VERSIONS = 8;

/**
 * GET /manager/dashboard/ota-statistic (docs/ota.md "Versions and the upgrade list"): claimed
 * screens in scope by the player version they report (null: the rest, and those that never
 * reported one), how many a newer compatible package exists for, and, to the platform alone,
 * how many packages it holds (built-in builds included; null for everyone else).
 */
export const otaStatisticSchema = z.object({
  total: count,
  upgradable: count,
  packages: count.nullable(),
  by_version: z.array(z.object({ version: z.string().nullable(), count })),
});
export type OtaStatistic = z.infer<typeof otaStatisticSchema>;

export const DASHBOARD_STATISTICS = [
  'user',
  'device',
  'schedule',
  'content',
  'oss',
  'license',
  'ota',
] as const;
export type DashboardStatistic = (typeof DASHBOARD_STATISTICS)[number];

// ── Operations: the /home dashboard (spec 000 §7: no parameters), each needing dashboard:data ──

const statistic = <const S extends z.ZodType, const N extends DashboardStatistic>(name: N, response: S) =>
  operation({
    method: 'GET',
    path: `/backend/manager/dashboard/${name}-statistic`,
    response,
    access: 'dashboard:data',
  });

/** One operation per card, by the statistic's name. */
export const dashboardOperations = {
  user: statistic('user', userStatisticSchema),
  device: statistic('device', deviceStatisticSchema),
  schedule: statistic('schedule', scheduleStatisticSchema),
  content: statistic('content', contentStatisticSchema),
  oss: statistic('oss', ossStatisticSchema),
  license: statistic('license', licenseStatisticSchema),
  ota: statistic('ota', otaStatisticSchema),
};
