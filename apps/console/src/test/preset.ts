import type { PresetApplication, PresetItem } from '@vitrine/contract';

// Test data of the preset page.

export function presetItem(overrides: Partial<PresetItem> = {}): PresetItem {
  return {
    id: 12,
    name: 'Evening',
    group_id: 1,
    group_name: 'Head office',
    model_id: null,
    model_name: null,
    auto_apply: false,
    properties: {
      brightness: 40,
      sound: { mute: false, volume: 25 },
      orientation: null,
      timezone: null,
      screenshot_interval: null,
      timers: null,
      default_program: null,
      lock: null,
    },
    creator_name: 'Ada',
    last_applied_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function presetApplication(overrides: Partial<PresetApplication> = {}): PresetApplication {
  return {
    id: 3,
    source: 'manual',
    created_by_name: 'Ada',
    created_at: '2026-11-21T09:00:00.000Z',
    devices: [
      {
        device_id: 31,
        device_name: 'Lobby screen',
        signage_id: 'K7MX2Q',
        state: 'acknowledged',
        result: null,
      },
      { device_id: 32, device_name: 'Hall screen', signage_id: 'P2QW8E', state: 'offline', result: null },
    ],
    ...overrides,
  };
}
