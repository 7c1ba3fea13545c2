import type { ScheduleTime } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { conflictsOf, DRAFT_ID } from './conflicts';

const base = (overrides: Partial<ScheduleTime>): ScheduleTime => ({
  id: 1,
  type: 'standard',
  priority: 5,
  start_date: '2026-03-02',
  end_date: '2026-03-08',
  frames: [{ start: '09:00', end: '17:00', rrule: 'FREQ=DAILY' }],
  spot: null,
  exclude_holidays: false,
  approved_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const week = [Date.parse('2026-03-02T00:00:00Z'), Date.parse('2026-03-09T00:00:00Z')] as const;

describe('conflictsOf', () => {
  it('a higher priority takes the overlap; a lower one gives it up', () => {
    const mine = base({ id: DRAFT_ID, approved_at: '2099-01-01T00:00:00.000Z' });
    const higher = {
      ...base({ id: 7, priority: 8, frames: [{ start: '12:00', end: '13:00', rrule: 'FREQ=DAILY' }] }),
      name: 'Lunch',
    };
    const lower = {
      ...base({
        id: 8,
        priority: 2,
        frames: [{ start: '16:00', end: '18:00', rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
      }),
      name: 'Evening',
    };
    const apart = {
      ...base({ id: 9, frames: [{ start: '20:00', end: '21:00', rrule: 'FREQ=DAILY' }] }),
      name: 'Night',
    };
    const found = conflictsOf(mine, [higher, lower, apart], ...week);
    expect(found).toEqual([
      { id: 7, name: 'Lunch', priority: 8, lost: 7 * 60, won: 0, first: '2026-03-02T12:00' },
      { id: 8, name: 'Evening', priority: 2, lost: 0, won: 60, first: '2026-03-02T16:00' },
    ]);
  });

  it('equal priority: the draft, approved later, wins; an insert always wins', () => {
    const mine = base({ id: DRAFT_ID, approved_at: '2099-01-01T00:00:00.000Z' });
    const same = { ...base({ id: 3 }), name: 'Same' };
    const spot = {
      ...base({ id: 4, type: 'insert', frames: [], spot: { start: '2026-03-03T10:00', minutes: 30 } }),
      name: 'Spot',
    };
    const found = conflictsOf(mine, [same, spot], ...week);
    expect(found.find((c) => c.id === 3)).toMatchObject({ lost: 0, won: 7 * 8 * 60 });
    expect(found.find((c) => c.id === 4)).toMatchObject({ lost: 30, won: 0, first: '2026-03-03T10:00' });
  });
});
