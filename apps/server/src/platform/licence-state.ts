import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { deviceLicenses, devices, macWhitelist } from '../db/schema';
import { now } from './clock';

// A device's licence as SQL over its id column, so that one query answers it for many devices. The
// licence area owns the tables and the rules (docs/license.md), but the device area registers
// before it and needs the same answers (status 5 "expired", what the player shows), and so do the
// schedule rules: the conditions live here, once. Time is the licence clock (platform/clock.ts).

/** Whether a MAC column's address is on the platform's whitelist (licensed without a licence). */
export const whitelisted = (mac: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${macWhitelist} where ${macWhitelist.mac} = lower(${mac}))`;

const whitelistedDevice = (deviceId: SQLWrapper) =>
  sql`exists (select 1 from ${devices} where ${devices.id} = ${deviceId} and ${whitelisted(devices.mac)})`;

const bound = (deviceId: SQLWrapper, expiry: SQL) =>
  sql`exists (select 1 from ${deviceLicenses} where ${deviceLicenses.deviceId} = ${deviceId} and ${expiry})`;

/** No licence in force (never licensed, or the one bound has expired) and the MAC not whitelisted. */
export const unlicensed = (deviceId: SQLWrapper, at: Date = now()): SQL<boolean> =>
  sql<boolean>`not ${bound(deviceId, sql`(${deviceLicenses.expiresAt} is null or ${deviceLicenses.expiresAt} > ${at.toISOString()}::timestamptz)`)}
    and not ${whitelistedDevice(deviceId)}`;

/** Status 5: the licence bound has expired and the MAC is not whitelisted (one device holds one licence). */
export const licenceExpired = (deviceId: SQLWrapper, at: Date = now()): SQL<boolean> =>
  sql<boolean>`${bound(deviceId, sql`${deviceLicenses.expiresAt} <= ${at.toISOString()}::timestamptz`)}
    and not ${whitelistedDevice(deviceId)}`;
