import type {
  DeviceLicense,
  DeviceLicenseState,
  DeviceLicenseStatus,
  LicenseBatchItem,
} from '@vitrine/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { deviceLicenses, devices, licenseBatches, macWhitelist } from '../db/schema';
import { now } from './clock';

// A device's licence as SQL on the `devices` row of the query, so that one query answers it for
// many devices, and as the API shows it. The licence area owns the tables and the rules
// (docs/license.md), but the device area registers before it and needs the same answers (each
// device item's licence, status 5 "expired", what the player shows), and so do the schedule
// rules: the conditions and the presentation live here, once. Time is the licence clock
// (platform/clock.ts).
//
// Each condition is one parenthesised term, so that `not ${condition}` negates all of it.
//
// The row is named "devices"."id" and "devices"."mac" in full on purpose: drizzle writes a
// single-table select's columns unqualified, and inside these subqueries an unqualified "mac" or
// "id" would name the subquery's own table.
const DEVICE_ID = sql.raw('"devices"."id"');
const DEVICE_MAC = sql.raw('"devices"."mac"');

/** The device's MAC is on the platform's whitelist: licensed without a licence. */
export const whitelisted = (): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${macWhitelist} where ${macWhitelist.mac} = lower(${DEVICE_MAC}))`;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** A `device_licenses` row in force: permanent, or expiring after `time`. */
export const licenceInForce = (time: Date = now()): SQL<boolean> =>
  sql<boolean>`(${deviceLicenses.expiresAt} is null or ${deviceLicenses.expiresAt} > ${at(time)})`;

/** No licence in force (never licensed, or the one bound has expired) and the MAC not whitelisted. */
export const unlicensed = (time: Date = now()): SQL<boolean> =>
  sql<boolean>`(not exists (select 1 from ${deviceLicenses} where ${deviceLicenses.deviceId} = ${DEVICE_ID} and ${licenceInForce(time)})
    and not ${whitelisted()})`;

/** Licensed by a licence in force that expires by `until` (a whitelisted MAC never expires). */
export const licenceExpiring = (until: Date, time: Date = now()): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from ${deviceLicenses} where ${deviceLicenses.deviceId} = ${DEVICE_ID} and ${deviceLicenses.expiresAt} > ${at(time)} and ${deviceLicenses.expiresAt} <= ${at(until)})
    and not ${whitelisted()})`;

/**
 * Status 5 as a condition: the licence bound (a device holds one) has expired and the MAC is not
 * whitelisted. Written as EXISTS so that a filter over a whole fleet can be a semi-join.
 */
export const licenceExpired = (time: Date = now()): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from ${deviceLicenses} where ${deviceLicenses.deviceId} = ${DEVICE_ID} and ${deviceLicenses.expiresAt} <= ${at(time)})
    and not ${whitelisted()})`;

// ── A device's licence as the API shows it ──────────────────────────────────────────────────

/** What a licence answer shows of its batch and of the binding. */
const batchColumns = {
  id: licenseBatches.id,
  type: licenseBatches.type,
  batchNo: licenseBatches.batchNo,
  validityType: licenseBatches.validityType,
  effectDays: licenseBatches.effectDays,
  expirationDate: licenseBatches.expirationDate,
  maxUseTimes: licenseBatches.maxUseTimes,
};
const bindingColumns = { boundAt: deviceLicenses.boundAt, expiresAt: deviceLicenses.expiresAt };
type Batch = Pick<typeof licenseBatches.$inferSelect, keyof typeof batchColumns>;
type Binding = Pick<typeof deviceLicenses.$inferSelect, keyof typeof bindingColumns>;

/** What every licence answer says of its batch. */
export const batchFields = (batch: Batch) => ({
  batch_id: batch.id,
  type: batch.type as LicenseBatchItem['type'],
  batch_no: batch.batchNo,
  validity_type: batch.validityType as LicenseBatchItem['validity_type'],
  effect_days: batch.effectDays,
  expiration_date: batch.expirationDate,
  max_use_times: batch.maxUseTimes,
});

export const presentLicense = (batch: Batch, binding: Binding): DeviceLicense => ({
  ...batchFields(batch),
  bound_at: binding.boundAt.toISOString(),
  expires_at: binding.expiresAt?.toISOString() ?? null,
});

/**
 * Devices with the licence each holds, its batch and the whitelist check, in the one query that
 * reads them: `fields` and what the answer shows of the licence, from `devices` left-joined with
 * its licence and batch (a primary-key lookup each). `presentLicenceStatus` reads the row.
 */
export const selectWithLicence = <F extends SelectedFields>(db: Db, fields: F) =>
  db
    .select({
      ...fields,
      licence: bindingColumns,
      licenceBatch: batchColumns,
      macWhitelisted: whitelisted(),
    })
    .from(devices)
    .leftJoin(deviceLicenses, eq(deviceLicenses.deviceId, devices.id))
    .leftJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId));

/** What `selectWithLicence` reads of a device's licence. */
export type LicenceRow = { licence: Binding | null; licenceBatch: Batch | null; macWhitelisted: boolean };

/** The state of the licence bound (null: none) at `time`; a whitelisted MAC needs none. */
export function licenceStateOf(
  binding: { expiresAt: Date | null } | null,
  macWhitelisted: boolean,
  time: Date = now(),
): DeviceLicenseState {
  if (macWhitelisted) return 'whitelisted';
  if (!binding) return 'none';
  return binding.expiresAt !== null && binding.expiresAt.getTime() <= time.getTime() ? 'expired' : 'valid';
}

/** A device's licence state and the licence it holds (a whitelisted device's is shown, not needed). */
export function presentLicenceStatus(
  row: LicenceRow,
  time: Date = now(),
): Omit<DeviceLicenseStatus, 'device_id'> {
  const binding = row.licence && row.licenceBatch ? row.licence : null;
  return {
    state: licenceStateOf(binding, row.macWhitelisted, time),
    license: binding && row.licenceBatch ? presentLicense(row.licenceBatch, binding) : null,
  };
}
