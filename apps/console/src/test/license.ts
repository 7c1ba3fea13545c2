import type { DeviceLicense, LicenseBatchItem, LicensePoolItem, LicenseTransfer } from '@vitrine/contract';

// Test data of the licence pages.
export function poolItem(overrides: Partial<LicensePoolItem> = {}): LicensePoolItem {
  return {
    batch_id: 7,
    type: 'commercial',
    batch_no: 'B-2026-07',
    validity_type: 'days',
    effect_days: 365,
    expiration_date: null,
    max_use_times: 1,
    quantity: 3,
    assigned: 1,
    unassigned: 2,
    available: 2,
    ...overrides,
  };
}

export function batchItem(overrides: Partial<LicenseBatchItem> = {}): LicenseBatchItem {
  return { ...poolItem(), created_by: 'admin', created_at: '2026-11-02T09:30:00.000Z', ...overrides };
}

/** A licence of the pool's batch, bound to a device. */
export function deviceLicense(overrides: Partial<DeviceLicense> = {}): DeviceLicense {
  const { quantity: _q, assigned: _a, unassigned: _u, available: _v, ...batch } = poolItem();
  return {
    ...batch,
    bound_at: '2026-11-01T08:00:00.000Z',
    expires_at: '2027-11-01T08:00:00.000Z',
    ...overrides,
  };
}

export function transfer(overrides: Partial<LicenseTransfer> = {}): LicenseTransfer {
  const { quantity: _q, assigned: _a, unassigned: _u, available: _v, ...batch } = poolItem();
  return {
    id: 40,
    ...batch,
    from: { kind: 'customer', id: 3, name: 'Signs SI' },
    to: { kind: 'company', id: 9, name: 'Harbor Cafés' },
    quantity: 2,
    created_by: 'si admin',
    created_at: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}
