import type { DeviceModelItem } from '@vitrine/contract';

// Test data of the device model page.
export function deviceModelItem(overrides: Partial<DeviceModelItem> = {}): DeviceModelItem {
  return {
    id: 4,
    name: 'Lobby 55',
    vendor: 'Acme',
    width: 3840,
    height: 2160,
    orientation: 0,
    media_types: [1, 2],
    features: ['screen-capture', 'nfc'],
    player_name: 'Vitrine player',
    player_version: '2.4.1',
    device_count: 3,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}
