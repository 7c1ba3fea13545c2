import type { Holiday, ScheduleDetail, ScheduleSummary } from '@vitrine/contract';

// Test data of the schedule pages. The fake server and page rendering come from the account
// feature's helpers (features/account/testing.tsx), the session from the team's.

export function scheduleSummary(overrides: Partial<ScheduleSummary> = {}): ScheduleSummary {
  return {
    id: 31,
    name: 'Morning menu',
    type: 'standard',
    state: 'approved',
    status: 1,
    ntc: false,
    reviewer_id: null,
    reviewer_name: null,
    priority: 5,
    start_date: '2026-11-01',
    end_date: '2026-12-31',
    spot: null,
    device_count: 2,
    push: { pending: 0, success: 2, failed: 0, retried: 0 },
    reject_reason: null,
    workspace_id: 11,
    creator_id: 7,
    creator_name: 'ada',
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-02T09:00:00.000Z',
    approved_at: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

export function scheduleDetail(overrides: Partial<ScheduleDetail> = {}): ScheduleDetail {
  return {
    ...scheduleSummary(),
    exclude_holidays: true,
    frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' }],
    items: [
      {
        content_id: 11,
        name: 'Breakfast.png',
        type: 1,
        thumbnail: null,
        duration: 15,
        seconds: 15,
      },
      { content_id: 12, name: 'Coffee.mp4', type: 2, thumbnail: null, duration: null, seconds: 95 },
    ],
    program: null,
    sensor: null,
    devices: [
      {
        device_id: 5,
        name: 'Lobby screen',
        signage_id: 'ABC123',
        orientation: 0,
        timezone: 'Asia/Tokyo',
        push_status: 'success',
        push_reason: null,
        pushed_at: '2026-11-02T09:00:01.000Z',
      },
      {
        device_id: 6,
        name: 'Bar screen',
        signage_id: 'XYZ789',
        orientation: 0,
        timezone: null,
        push_status: 'failed',
        push_reason: 'device.storageInsufficient',
        pushed_at: '2026-11-02T09:00:01.000Z',
      },
    ],
    ...overrides,
  };
}

export function holiday(overrides: Partial<Holiday> = {}): Holiday {
  return {
    id: 3,
    name: 'Christmas',
    date: '2026-12-25',
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
