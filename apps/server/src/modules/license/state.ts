import type { DeviceLicenseStatus } from '@vitrine/contract';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { now } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { presentLicenceStatus, selectWithLicence } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';
import { visibleDevices } from './bindings';

// Whether a device is licensed, the one place that says it (platform/licence-state.ts): each item of
// the device list and detail carries it, GET device answers it by id (the bind-by-key page), the
// schedule rules ask through `unlicensed`. Time is the licence clock (platform/clock.ts).

/** GET device: the licence state of devices in scope; an id out of scope is 404001. */
export async function deviceLicenseStates(
  db: Db,
  scope: TenantScope,
  ids: readonly number[],
  at: Date = now(),
): Promise<{ list: DeviceLicenseStatus[] }> {
  const unique = [...new Set(ids)];
  const rows = await selectWithLicence(db, { id: devices.id }).where(
    and(inArray(devices.id, unique), visibleDevices(scope)),
  );
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    list: unique.map((id) => ({
      device_id: id,
      ...presentLicenceStatus(byId.get(id) as (typeof rows)[number], at),
    })),
  };
}
