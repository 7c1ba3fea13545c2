import { APP_VERSION, type DeviceCommandItem, type DeviceItem, DeviceStatus } from '@vitrine/contract';
import { deviceLicense } from './license';

// Test data of the device pages. The fake server and page rendering come from the account
// feature's helpers (features/account/testing.tsx), the session from the team's.

export function deviceItem(overrides: Partial<DeviceItem> = {}): DeviceItem {
  return {
    device_id: 31,
    signage_id: 'K7MX2Q',
    device_name: 'Lobby screen',
    description: null,
    mac: null,
    device_model: null,
    model_id: null,
    model_name: null,
    resolution: '1920x1080',
    orientation: 0,
    timezone: 'Europe/Paris',
    brightness: 80,
    volume: 35,
    mute: false,
    system_version: APP_VERSION,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    free_storage: 5 * 1024 ** 3,
    storage_quota: 8 * 1024 ** 3,
    storage_mode: 'cache-storage',
    screen_on: true,
    lock_enabled: false,
    timers: { enabled: false, timers: [] },
    default_program: null,
    screenshot_at: null,
    status: DeviceStatus.online,
    online: true,
    group_id: 11,
    group_name: 'Ada Displays',
    company_id: 3,
    last_seen_at: new Date().toISOString(),
    created_at: '2025-01-02T10:00:00.000Z',
    license: { state: 'valid', license: deviceLicense() },
    ...overrides,
  };
}

export function commandItem(overrides: Partial<DeviceCommandItem> = {}): DeviceCommandItem {
  return {
    command_id: 501,
    device_id: 31,
    action: 'reboot',
    value: null,
    status: 'pending',
    result: null,
    created_at: '2025-01-03T09:00:00.000Z',
    acked_at: null,
    ...overrides,
  };
}
