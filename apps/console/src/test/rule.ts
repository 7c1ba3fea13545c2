import type { RuleFiring, RuleItem } from '@vitrine/contract';

// Test data of the control rules page.

export function ruleItem(overrides: Partial<RuleItem> = {}): RuleItem {
  return {
    id: 21,
    name: 'Evening dim',
    enabled: true,
    group_id: 1,
    group_name: 'Head office',
    trigger: { kind: 'time', recurrence: 'weekdays', days: [], at: '19:30' },
    actions: [{ action: 'brightness', value: 30 }],
    devices: [{ id: 31, name: 'Lobby screen', signage_id: 'K7MX2Q' }],
    creator_name: 'Ada',
    last_fired_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function ruleFiring(overrides: Partial<RuleFiring> = {}): RuleFiring {
  return {
    id: 5,
    source: 'screen',
    device_id: 31,
    device_name: 'Lobby screen',
    sensor_id: null,
    fired_at: '2026-11-21T18:30:00.000Z',
    state: 'done',
    result: null,
    mailed: false,
    ...overrides,
  };
}
