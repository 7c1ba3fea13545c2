import type { OtaDeviceItem } from '@vitrine/contract';

// OTA fixtures for the console's tests.

/** A device of the upgrade list (what the OTA device picker searches). */
export const otaDeviceItem = (overrides: Partial<OtaDeviceItem> = {}): OtaDeviceItem => ({
  device_id: 42,
  signage_id: 'ZX98YW76',
  device_name: 'Hall screen',
  model_id: null,
  model_name: null,
  system_version: '1.2.0',
  online: true,
  newest_version: null,
  newest_package_id: null,
  upgrade_state: null,
  ...overrides,
});
