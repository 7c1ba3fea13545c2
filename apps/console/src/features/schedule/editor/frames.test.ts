import { occursOn, RRULE_PATTERN } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildRrule,
  frameMinutes,
  frameOfSelection,
  occurrences,
  parseRrule,
  retimeFrame,
  ruleOccursOn,
  shiftRule,
  weekdayOf,
  withTimes,
} from './frames';

describe('rrules', () => {
  it('builds the contract subset, sorted, with an interval only above 1', () => {
    expect(buildRrule({ freq: 'daily', interval: 1, days: [], monthDays: [] })).toBe('FREQ=DAILY');
    expect(buildRrule({ freq: 'daily', interval: 3, days: [], monthDays: [] })).toBe('FREQ=DAILY;INTERVAL=3');
    expect(buildRrule({ freq: 'weekly', interval: 2, days: ['FR', 'MO', 'WE'], monthDays: [] })).toBe(
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2',
    );
    expect(buildRrule({ freq: 'monthly', interval: 1, days: [], monthDays: [15, 1, 15, 31] })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1,15,31',
    );
    // Nothing chosen still gives a valid rule; intervals are clamped to 1…99.
    expect(buildRrule({ freq: 'weekly', interval: 0, days: [], monthDays: [] })).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(buildRrule({ freq: 'monthly', interval: 500, days: [], monthDays: [] })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1;INTERVAL=99',
    );
  });

  it('every rule it builds passes the contract pattern and parses back', () => {
    const rules = [
      { freq: 'daily', interval: 7, days: [], monthDays: [] },
      { freq: 'weekly', interval: 1, days: ['SA', 'SU'], monthDays: [] },
      { freq: 'monthly', interval: 12, days: [], monthDays: [1, 28] },
    ] as const;
    for (const recurrence of rules) {
      const rule = buildRrule({
        ...recurrence,
        days: [...recurrence.days],
        monthDays: [...recurrence.monthDays],
      });
      expect(rule).toMatch(RRULE_PATTERN);
      expect(parseRrule(rule)).toEqual(recurrence);
    }
  });

  it('parses nothing outside the subset', () => {
    expect(parseRrule('FREQ=YEARLY')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY')).toBeNull();
    expect(parseRrule('FREQ=DAILY;COUNT=3')).toBeNull();
  });
});

describe('occurrences', () => {
  it('daily every N days counts from the start date', () => {
    expect(ruleOccursOn('FREQ=DAILY;INTERVAL=2', '2026-03-01', '2026-03-01')).toBe(true);
    expect(ruleOccursOn('FREQ=DAILY;INTERVAL=2', '2026-03-01', '2026-03-02')).toBe(false);
    expect(ruleOccursOn('FREQ=DAILY;INTERVAL=2', '2026-03-01', '2026-03-03')).toBe(true);
    expect(ruleOccursOn('FREQ=DAILY', '2026-03-01', '2026-02-28')).toBe(false);
  });

  it('weekly counts weeks from the Monday of the start date', () => {
    // 2026-03-04 is a Wednesday; its week's Monday is 2026-03-02.
    expect(weekdayOf('2026-03-04')).toBe('WE');
    const rule = 'FREQ=WEEKLY;BYDAY=MO,FR;INTERVAL=2';
    expect(ruleOccursOn(rule, '2026-03-04', '2026-03-02')).toBe(false); // before the start
    expect(ruleOccursOn(rule, '2026-03-04', '2026-03-06')).toBe(true); // Friday, week 0
    expect(ruleOccursOn(rule, '2026-03-04', '2026-03-09')).toBe(false); // Monday, week 1
    expect(ruleOccursOn(rule, '2026-03-04', '2026-03-16')).toBe(true); // Monday, week 2
  });

  it('monthly on dates, every N months', () => {
    const rule = 'FREQ=MONTHLY;BYMONTHDAY=1,31;INTERVAL=2';
    expect(ruleOccursOn(rule, '2026-01-10', '2026-01-31')).toBe(true);
    expect(ruleOccursOn(rule, '2026-01-10', '2026-02-01')).toBe(false);
    expect(ruleOccursOn(rule, '2026-01-10', '2026-03-01')).toBe(true);
    expect(ruleOccursOn(rule, '2026-01-10', '2026-03-15')).toBe(false);
  });

  it('draws frames in the view and the date range; a frame past midnight ends the next day', () => {
    const frames = [
      { start: '09:00', end: '17:00', rrule: 'FREQ=DAILY' },
      { start: '22:00', end: '02:00', rrule: 'FREQ=WEEKLY;BYDAY=SU' },
    ];
    const range = { start_date: '2026-03-02', end_date: '2026-03-08' };
    const drawn = occurrences(frames, range, '2026-03-07', '2026-03-13');
    expect(drawn).toEqual([
      { frame: 0, date: '2026-03-07', start: '2026-03-07T09:00', end: '2026-03-07T17:00' },
      { frame: 0, date: '2026-03-08', start: '2026-03-08T09:00', end: '2026-03-08T17:00' },
      { frame: 1, date: '2026-03-08', start: '2026-03-08T22:00', end: '2026-03-09T02:00' },
    ]);
    // The day before the view: a frame that runs into it is drawn.
    const after = occurrences(frames, range, '2026-03-09', '2026-03-15');
    expect(after).toEqual([
      { frame: 1, date: '2026-03-08', start: '2026-03-08T22:00', end: '2026-03-09T02:00' },
    ]);
  });

  it('a frame to 24:00 ends at the next midnight; lengths count past midnight', () => {
    const drawn = occurrences(
      [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
      {
        start_date: '2026-03-02',
        end_date: '2026-03-02',
      },
      '2026-03-02',
      '2026-03-02',
    );
    expect(drawn[0]).toMatchObject({ start: '2026-03-02T00:00', end: '2026-03-03T00:00' });
    expect(frameMinutes({ start: '22:00', end: '02:00' })).toBe(240);
    expect(frameMinutes({ start: '08:00', end: '08:00' })).toBe(1440);
  });
});

describe('frames from the calendar', () => {
  it('a span on one day repeats weekly on that day', () => {
    // 2026-03-02 is a Monday.
    expect(frameOfSelection('2026-03-02T09:00', '2026-03-02T11:30')).toEqual({
      start: '09:00',
      end: '11:30',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect(frameOfSelection('2026-03-02T22:00', '2026-03-03T00:00')).toEqual({
      start: '22:00',
      end: '24:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('a span over days keeps its hours on each; a whole week is daily; month-view days are whole days', () => {
    expect(frameOfSelection('2026-03-02T09:00', '2026-03-04T17:00')).toEqual({
      start: '09:00',
      end: '17:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE',
    });
    expect(frameOfSelection('2026-03-02', '2026-03-04')).toEqual({
      start: '00:00',
      end: '24:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU',
    });
    expect(frameOfSelection('2026-03-01', '2026-03-15').rrule).toBe('FREQ=DAILY');
  });

  it('moving an occurrence moves the times and shifts weekly days and monthly dates', () => {
    const frame = { start: '09:00', end: '10:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,SU' };
    // Monday 09:00 dragged to Tuesday 13:30.
    expect(retimeFrame(frame, '2026-03-02', '2026-03-03T13:30', '2026-03-03T14:30')).toEqual({
      start: '13:30',
      end: '14:30',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU',
    });
    expect(shiftRule('FREQ=MONTHLY;BYMONTHDAY=1,31', 1)).toBe('FREQ=MONTHLY;BYMONTHDAY=1,2');
    expect(shiftRule('FREQ=DAILY;INTERVAL=2', 3)).toBe('FREQ=DAILY;INTERVAL=2');
  });

  it('resizing keeps the day; to midnight is 24:00; a day or more (but 00–24) or nothing is refused', () => {
    const frame = { start: '22:00', end: '23:00', rrule: 'FREQ=DAILY' };
    expect(retimeFrame(frame, '2026-03-02', '2026-03-02T22:00', '2026-03-03T00:00')).toEqual({
      start: '22:00',
      end: '24:00',
      rrule: 'FREQ=DAILY',
    });
    expect(retimeFrame(frame, '2026-03-02', '2026-03-02T22:00', '2026-03-03T01:30')?.end).toBe('01:30');
    expect(retimeFrame(frame, '2026-03-02', '2026-03-02T22:00', '2026-03-03T22:00')).toBeNull();
    expect(retimeFrame(frame, '2026-03-02', '2026-03-02T22:00', '2026-03-02T22:00')).toBeNull();
    expect(retimeFrame(frame, '2026-03-02', '2026-03-02T00:00', '2026-03-03T00:00')?.end).toBe('24:00');
  });

  it('typed times: an end of 00:00 is the midnight after', () => {
    expect(withTimes({ start: '09:00', end: '10:00', rrule: 'FREQ=DAILY' }, '20:00', '00:00').end).toBe(
      '24:00',
    );
  });
});

describe('the calendar draws what the resolver plays', () => {
  it('agrees with the contract resolver (occursOn) day by day', () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=WEEKLY;BYDAY=MO,WE,SU',
      'FREQ=WEEKLY;BYDAY=TU;INTERVAL=2',
      'FREQ=MONTHLY;BYMONTHDAY=1,15,31',
      'FREQ=MONTHLY;BYMONTHDAY=29;INTERVAL=3',
    ];
    const start = '2026-01-07';
    const end = '2026-12-31';
    for (const rule of rules) {
      for (let date = start; date <= '2026-06-30'; date = addDays(date, 1)) {
        expect(ruleOccursOn(rule, start, date), `${rule} ${date}`).toBe(occursOn(rule, start, end, date));
      }
    }
  });
});
