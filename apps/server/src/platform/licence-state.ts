import { type SQL, sql } from 'drizzle-orm';
import { deviceLicenses, macWhitelist } from '../db/schema';
import { now } from './clock';

// A device's licence as SQL on the `devices` row of the query, so that one query answers it for
// many devices. The licence area owns the tables and the rules (docs/license.md), but the device
// area registers before it and needs the same answers (status 5 "expired", what the player shows),
// and so do the schedule rules: the conditions live here, once. Time is the licence clock
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

/**
 * Status 5 as a column of a page of devices: one primary-key lookup per row shown (the EXISTS form
 * in a select list becomes a hashed plan over every expired licence in the table).
 */
export const licenceExpiredColumn = (time: Date = now()): SQL<boolean> =>
  sql<boolean>`(coalesce((select ${deviceLicenses.expiresAt} <= ${at(time)} from ${deviceLicenses} where ${deviceLicenses.deviceId} = ${DEVICE_ID}), false)
    and not ${whitelisted()})`;
