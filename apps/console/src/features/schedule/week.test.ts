import type { ScheduleTime } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { clockOf, previewWeek } from './week';

const base: ScheduleTime = {
  id: 1,
  type: 'standard',
  priority: 5,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
  spot: null,
  exclude_holidays: true,
  approved_at: '2026-01-01T00:00:00.000Z',
};
const none = new Set<string>();
const own = (day: { pieces: { from: number; to: number; schedule_id: number | null }[] }) =>
  day.pieces.filter((piece) => piece.schedule_id !== null);

describe('previewWeek', () => {
  it('draws seven local days from the device’s midnight, in its timezone', () => {
    // 00:00 UTC is 09:00 in Tokyo: the week starts at Tokyo's midnight of 25 November.
    const week = previewWeek([base], Date.parse('2026-11-25T00:00:00Z'), 'Asia/Tokyo', none);
    expect(week.map((day) => day.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(week[0].pieces).toEqual([
      { from: 0, to: 480, schedule_id: null },
      { from: 480, to: 720, schedule_id: 1 },
      { from: 720, to: 1440, schedule_id: null },
    ]);
  });

  it('cuts a frame past midnight at the local midnight', () => {
    const late = { ...base, frames: [{ start: '22:00', end: '02:00', rrule: 'FREQ=DAILY' }] };
    const week = previewWeek([late], Date.parse('2026-11-25T12:00:00Z'), null, none);
    expect(own(week[0])).toEqual([
      { from: 0, to: 120, schedule_id: 1 },
      { from: 1320, to: 1440, schedule_id: 1 },
    ]);
  });

  it('shows where a higher priority wins, and skips holidays for schedules excluding them', () => {
    const other = {
      ...base,
      id: 2,
      priority: 8,
      exclude_holidays: false,
      frames: [{ start: '10:00', end: '11:00', rrule: 'FREQ=DAILY' }],
    };
    const week = previewWeek(
      [base, other],
      Date.parse('2026-12-24T06:00:00Z'),
      'UTC',
      new Set(['2026-12-25']),
    );
    expect(own(week[0])).toEqual([
      { from: 480, to: 600, schedule_id: 1 },
      { from: 600, to: 660, schedule_id: 2 },
      { from: 660, to: 720, schedule_id: 1 },
    ]);
    expect(own(week[1])).toEqual([{ from: 600, to: 660, schedule_id: 2 }]);
  });

  it('keeps wall-clock hours on a daylight-saving day', () => {
    const night = { ...base, frames: [{ start: '01:00', end: '04:00', rrule: 'FREQ=DAILY' }] };
    // Berlin skips 02:00–03:00 on 29 March 2026.
    const week = previewWeek([night], Date.parse('2026-03-28T12:00:00Z'), 'Europe/Berlin', none);
    expect(week[1].date).toBe('2026-03-29');
    expect(own(week[1])).toEqual([{ from: 60, to: 240, schedule_id: 1 }]);
    expect(own(week[0])).toEqual([{ from: 60, to: 240, schedule_id: 1 }]);
  });

  it('writes clock times', () => {
    expect(clockOf(0)).toBe('00:00');
    expect(clockOf(605)).toBe('10:05');
    expect(clockOf(1440)).toBe('24:00');
  });
});
