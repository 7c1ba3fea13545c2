import type { DeviceLicenseStatus } from '@vitrine/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceLicenses, devices, licenseBatches } from '../../db/schema';
import { now } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { whitelisted } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';
import { presentLicense, visibleDevices } from './bindings';

// Whether a device is licensed, the one place that says it: the device pages ask through GET
// device, the schedule rules through `unlicensed` (platform/licence-state.ts). Time is the licence clock (platform/clock.ts).

/** GET device: the licence state of devices in scope; an id out of scope is 404001. */
export async function deviceLicenseStates(
  db: Db,
  scope: TenantScope,
  ids: readonly number[],
  at: Date = now(),
): Promise<{ list: DeviceLicenseStatus[] }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: devices.id,
      binding: deviceLicenses,
      batch: licenseBatches,
      whitelisted: whitelisted(),
    })
    .from(devices)
    .leftJoin(deviceLicenses, eq(deviceLicenses.deviceId, devices.id))
    .leftJoin(licenseBatches, eq(licenseBatches.id, deviceLicenses.batchId))
    .where(and(inArray(devices.id, unique), visibleDevices(scope)));
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    list: unique.map((id) => {
      const { binding, batch, whitelisted } = byId.get(id) as (typeof rows)[number];
      const license = binding && batch ? presentLicense(batch, binding) : null;
      // A whitelisted MAC needs no licence: whatever it holds is shown, none is consumed.
      if (whitelisted) return { device_id: id, state: 'whitelisted', license };
      if (!binding || !batch) return { device_id: id, state: 'none', license: null };
      const expired = binding.expiresAt !== null && binding.expiresAt.getTime() <= at.getTime();
      return { device_id: id, state: expired ? 'expired' : 'valid', license: presentLicense(batch, binding) };
    }),
  };
}
