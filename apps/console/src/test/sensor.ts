import type { SensorItem } from '@vitrine/contract';

// Test data of the sensor page.
export function sensorItem(overrides: Partial<SensorItem> = {}): SensorItem {
  return {
    id: 6,
    sensor_id: '04:A2:B3:C4',
    name: 'Red shoes',
    type: 'nfc',
    workspace_id: 2,
    devices: [{ id: 31, name: 'Lobby screen', signage_id: 'K7MX2Q' }],
    has_secret: false,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}
