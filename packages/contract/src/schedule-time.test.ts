import * as rruleModule from 'rrule';
import { describe, expect, it } from 'vitest';
import { todayAnywhere } from './schedule';
import {
  compareSchedules,
  firstPlayAt,
  isPlaying,
  localClock,
  nextChange,
  occursOn,
  resolveTimezone,
  type ScheduleTime,
  timeline,
  winner,
} from './schedule-time';

const NONE: ReadonlySet<string> = new Set();
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

let nextId = 1;
const schedule = (fields: Partial<ScheduleTime> = {}): ScheduleTime => ({
  id: nextId++,
  type: 'standard',
  priority: 5,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  frames: [{ start: '09:00', end: '17:00', rrule: 'FREQ=DAILY' }],
  spot: null,
  exclude_holidays: true,
  approved_at: '2026-01-01T00:00:00Z',
  ...fields,
});
const frame = (start: string, end: string, rrule = 'FREQ=DAILY') => ({ start, end, rrule });
const spot = (start: string, minutes: number, fields: Partial<ScheduleTime> = {}) =>
  schedule({
    type: 'insert',
    priority: 1,
    start_date: start.slice(0, 10),
    end_date: start.slice(0, 10),
    frames: [],
    spot: { start, minutes },
    ...fields,
  });
/** The segments as [start, end, id] with ISO times, for readable expectations. */
const segmentsOf = (...args: Parameters<typeof timeline>) =>
  timeline(...args).map((segment) => [iso(segment.start), iso(segment.end), segment.schedule_id]);

describe('localClock', () => {
  it('reads the wall clock in the zone', () => {
    expect(localClock(at('2026-07-01T10:15:30Z'), 'Europe/Berlin')).toMatchObject({
      date: '2026-07-01',
      minute: 12 * 60 + 15,
      offset: 120,
      timezone: 'Europe/Berlin',
    });
    expect(localClock(at('2026-01-01T10:15:00Z'), 'Europe/Berlin')).toMatchObject({
      minute: 11 * 60 + 15,
      offset: 60,
    });
    expect(localClock(at('2026-01-01T20:00:00Z'), 'Asia/Kolkata')).toMatchObject({
      date: '2026-01-02',
      minute: 90,
      offset: 330,
    });
    expect(localClock(at('2026-01-01T10:00:00Z'), 'Pacific/Kiritimati')).toMatchObject({
      date: '2026-01-02',
      minute: 0,
      offset: 840,
    });
    expect(localClock(at('2026-01-01T03:00:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-12-31',
      minute: 22 * 60,
      offset: -300,
    });
  });

  it('keeps the milliseconds in the floating moment', () => {
    const clock = localClock(at('2026-07-01T10:15:30.250Z'), 'Europe/Berlin');
    expect(iso(clock.floating)).toBe('2026-07-01T12:15:30.250Z');
  });

  it('reads UTC for no zone and for a zone the runtime does not know', () => {
    for (const zone of [null, undefined, '', 'UTC', 'Mars/Olympus_Mons', 'not a zone']) {
      expect(localClock(at('2026-07-01T23:59:00Z'), zone)).toMatchObject({
        date: '2026-07-01',
        minute: 1439,
        offset: 0,
        timezone: 'UTC',
      });
    }
    expect(resolveTimezone('Mars/Olympus_Mons')).toBe('UTC');
    expect(resolveTimezone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('occursOn', () => {
  it('repeats daily every INTERVAL days from the start date', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    expect(days.map((d) => occursOn('FREQ=DAILY', '2026-03-01', '2026-12-31', d))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(days.map((d) => occursOn('FREQ=DAILY;INTERVAL=3', '2026-03-01', '2026-12-31', d))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('names no day outside the date range, inclusive at both ends', () => {
    expect(occursOn('FREQ=DAILY', '2026-03-01', '2026-03-05', '2026-02-28')).toBe(false);
    expect(occursOn('FREQ=DAILY', '2026-03-01', '2026-03-05', '2026-03-05')).toBe(true);
    expect(occursOn('FREQ=DAILY', '2026-03-01', '2026-03-05', '2026-03-06')).toBe(false);
  });

  it('repeats weekly on the days named, every INTERVAL weeks counted from the week of the start', () => {
    // 2026-01-01 is a Thursday: its week (from Monday 2025-12-29) is week 0, so MO and WE of that
    // week lie before the start; the next weeks played are those of 01-12 and 01-26.
    const rule = 'FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2';
    const played = [
      '2026-01-05',
      '2026-01-07',
      '2026-01-12',
      '2026-01-14',
      '2026-01-19',
      '2026-01-26',
    ].filter((d) => occursOn(rule, '2026-01-01', '2026-12-31', d));
    expect(played).toEqual(['2026-01-12', '2026-01-14', '2026-01-26']);
    expect(occursOn('FREQ=WEEKLY;BYDAY=SA,SU', '2026-01-01', '2026-12-31', '2026-01-03')).toBe(true);
    expect(occursOn('FREQ=WEEKLY;BYDAY=SA,SU', '2026-01-01', '2026-12-31', '2026-01-05')).toBe(false);
  });

  it('repeats monthly on the month days named, skipping months without them', () => {
    const rule = 'FREQ=MONTHLY;BYMONTHDAY=1,31';
    expect(occursOn(rule, '2026-01-15', '2026-12-31', '2026-01-31')).toBe(true);
    expect(occursOn(rule, '2026-01-15', '2026-12-31', '2026-02-01')).toBe(true);
    expect(occursOn(rule, '2026-01-15', '2026-12-31', '2026-02-28')).toBe(false);
    expect(occursOn(rule, '2026-01-15', '2026-12-31', '2026-04-30')).toBe(false);
    expect(occursOn(rule, '2026-01-15', '2026-12-31', '2026-01-01')).toBe(false); // before the start
    // Every third month from January: April, July, October.
    const quarterly = 'FREQ=MONTHLY;BYMONTHDAY=10;INTERVAL=3';
    const months = ['01', '02', '03', '04', '05', '06', '07', '10'].filter((m) =>
      occursOn(quarterly, '2026-01-01', '2026-12-31', `2026-${m}-10`),
    );
    expect(months).toEqual(['01', '04', '07', '10']);
  });

  it('agrees with rrule walking from the start, years after it (the anchor moved forward)', () => {
    const { RRule } =
      (rruleModule as { RRule?: typeof rruleModule.RRule }).RRule !== undefined
        ? rruleModule
        : (rruleModule as unknown as { default: typeof rruleModule }).default;
    const start = '2025-11-13';
    const end = '2033-06-30';
    for (const rule of [
      'FREQ=DAILY;INTERVAL=7',
      'FREQ=DAILY;INTERVAL=13',
      'FREQ=WEEKLY;BYDAY=TU,SU;INTERVAL=3',
      'FREQ=WEEKLY;BYDAY=MO',
      'FREQ=MONTHLY;BYMONTHDAY=13,31;INTERVAL=5',
    ]) {
      const all = new RRule({
        ...RRule.parseString(rule),
        dtstart: new Date(`${start}T00:00:00Z`),
        until: new Date(`${end}T00:00:00Z`),
      });
      const expected = all
        .between(new Date('2032-01-01T00:00:00Z'), new Date('2032-03-31T00:00:00Z'), true)
        .map((d) => d.toISOString().slice(0, 10));
      const actual: string[] = [];
      for (
        let day = Date.parse('2032-01-01T00:00:00Z');
        day <= Date.parse('2032-03-31T00:00:00Z');
        day += 86_400_000
      ) {
        const date = new Date(day).toISOString().slice(0, 10);
        if (occursOn(rule, start, end, date)) actual.push(date);
      }
      expect(actual, rule).toEqual(expected);
      expect(actual.length, rule).toBeGreaterThan(0);
    }
  });

  it("repeats on the start's weekday or month day when the rule names none, years later too", () => {
    // 2026-01-14 is a Wednesday.
    expect(occursOn('FREQ=WEEKLY', '2026-01-14', '2030-12-31', '2029-06-13')).toBe(true);
    expect(occursOn('FREQ=WEEKLY', '2026-01-14', '2030-12-31', '2029-06-11')).toBe(false);
    expect(occursOn('FREQ=MONTHLY', '2026-01-14', '2030-12-31', '2029-06-14')).toBe(true);
    expect(occursOn('FREQ=MONTHLY', '2026-01-14', '2030-12-31', '2029-06-01')).toBe(false);
  });

  it('names no day for a rule it cannot read, and every day for an empty one', () => {
    expect(occursOn('FREQ=SOMETIMES', '2026-01-01', '2026-12-31', '2026-05-05')).toBe(false);
    expect(occursOn('', '2026-01-01', '2026-12-31', '2026-05-05')).toBe(true);
  });
});

describe('isPlaying', () => {
  it('plays inside a frame, from its start to before its end, within the date range', () => {
    const s = schedule({ start_date: '2026-05-01', end_date: '2026-05-31' });
    expect(isPlaying(s, at('2026-05-10T08:59:59Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-10T09:00:00Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-10T16:59:59Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-10T17:00:00Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-04-30T12:00:00Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-31T12:00:00Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-06-01T12:00:00Z'), null, NONE)).toBe(false);
  });

  it('plays a frame ending at 24:00 to midnight', () => {
    const s = schedule({ frames: [frame('20:00', '24:00')] });
    expect(isPlaying(s, at('2026-05-10T23:59:59Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-11T00:00:00Z'), null, NONE)).toBe(false);
  });

  it('runs a frame past midnight, the part after midnight belonging to the day it started', () => {
    // Fridays 22:00 to 02:00: Saturday 01:00 plays, Friday 01:00 does not.
    const s = schedule({ frames: [frame('22:00', '02:00', 'FREQ=WEEKLY;BYDAY=FR')] });
    expect(isPlaying(s, at('2026-05-08T21:59:00Z'), null, NONE)).toBe(false); // Friday
    expect(isPlaying(s, at('2026-05-08T22:00:00Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-09T01:59:00Z'), null, NONE)).toBe(true); // Saturday
    expect(isPlaying(s, at('2026-05-09T02:00:00Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-08T01:00:00Z'), null, NONE)).toBe(false); // Friday night before
  });

  it('runs the frame that starts on the end date into the next day, and none that would start after it', () => {
    const s = schedule({
      start_date: '2026-05-01',
      end_date: '2026-05-10',
      frames: [frame('23:00', '01:00')],
    });
    expect(isPlaying(s, at('2026-05-01T00:30:00Z'), null, NONE)).toBe(false); // from April 30: before the start
    expect(isPlaying(s, at('2026-05-11T00:30:00Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-11T23:30:00Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-12T00:30:00Z'), null, NONE)).toBe(false);
  });

  it('skips holidays when asked: the day a frame starts decides', () => {
    const holidays = new Set(['2026-12-25']);
    const s = schedule({ frames: [frame('09:00', '17:00'), frame('22:00', '02:00')] });
    expect(isPlaying(s, at('2026-12-25T10:00:00Z'), null, holidays)).toBe(false);
    expect(isPlaying(s, at('2026-12-25T01:00:00Z'), null, holidays)).toBe(true); // started on the 24th
    expect(isPlaying(s, at('2026-12-25T23:00:00Z'), null, holidays)).toBe(false);
    expect(isPlaying(s, at('2026-12-26T01:00:00Z'), null, holidays)).toBe(false); // started on the 25th
    expect(isPlaying(s, at('2026-12-26T10:00:00Z'), null, holidays)).toBe(true);
    const keeps = { ...s, exclude_holidays: false };
    expect(isPlaying(keeps, at('2026-12-25T10:00:00Z'), null, holidays)).toBe(true);
  });

  it('reads the holidays as dates of the device: in Kolkata the 25th starts at 18:30 UTC', () => {
    const holidays = new Set(['2026-12-25']);
    const s = schedule({ frames: [frame('00:00', '24:00')] });
    expect(isPlaying(s, at('2026-12-24T18:29:00Z'), 'Asia/Kolkata', holidays)).toBe(true);
    expect(isPlaying(s, at('2026-12-24T18:30:00Z'), 'Asia/Kolkata', holidays)).toBe(false);
    expect(isPlaying(s, at('2026-12-25T18:30:00Z'), 'Asia/Kolkata', holidays)).toBe(true);
  });

  it('plays a spot for its minutes from its local start, across midnight too', () => {
    const s = spot('2026-05-10T23:50', 20);
    expect(isPlaying(s, at('2026-05-10T23:49:59Z'), null, NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-10T23:50:00Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-11T00:09:59Z'), null, NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-11T00:10:00Z'), null, NONE)).toBe(false);
    // In Berlin (UTC+2 in May) the same spot starts at 21:50 UTC.
    expect(isPlaying(s, at('2026-05-10T21:50:00Z'), 'Europe/Berlin', NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-10T23:50:00Z'), 'Europe/Berlin', NONE)).toBe(false);
  });

  it('reads frames in several timezones', () => {
    const s = schedule();
    // Kolkata, +5:30: 09:00–17:00 local is 03:30–11:30 UTC.
    expect(isPlaying(s, at('2026-05-10T03:29:00Z'), 'Asia/Kolkata', NONE)).toBe(false);
    expect(isPlaying(s, at('2026-05-10T03:30:00Z'), 'Asia/Kolkata', NONE)).toBe(true);
    expect(isPlaying(s, at('2026-05-10T11:30:00Z'), 'Asia/Kolkata', NONE)).toBe(false);
    // Kiritimati, +14: the 1st of June 08:00 local is the 31st of May 18:00 UTC.
    const june = schedule({
      start_date: '2026-06-01',
      end_date: '2026-06-01',
      frames: [frame('08:00', '09:00')],
    });
    expect(isPlaying(june, at('2026-05-31T18:00:00Z'), 'Pacific/Kiritimati', NONE)).toBe(true);
    expect(isPlaying(june, at('2026-06-01T08:00:00Z'), 'Pacific/Kiritimati', NONE)).toBe(false);
    expect(isPlaying(june, at('2026-06-01T08:00:00Z'), 'UTC', NONE)).toBe(true);
    // An unknown zone reads UTC.
    expect(isPlaying(june, at('2026-06-01T08:00:00Z'), 'Nowhere/Atlantis', NONE)).toBe(true);
  });
});

describe('firstPlayAt', () => {
  const clock = (local: string) => localClock(at(`${local}Z`), 'UTC');
  const first = (time: ScheduleTime, local: string, holidays = NONE) => {
    const ms = firstPlayAt(time, clock(local), holidays);
    return ms === null ? null : iso(ms);
  };

  it('is the moment itself while the schedule plays, a frame past midnight too', () => {
    expect(first(schedule(), '2026-03-02T10:15:00')).toBe('2026-03-02T10:15:00Z');
    const night = schedule({ frames: [frame('22:00', '06:00')] });
    expect(first(night, '2026-03-03T01:00:00')).toBe('2026-03-03T01:00:00Z');
  });

  it('is the next frame to start: later today, tomorrow, or on the next day the rule names', () => {
    expect(first(schedule(), '2026-03-02T07:00:00')).toBe('2026-03-02T09:00:00Z');
    expect(first(schedule(), '2026-03-02T18:00:00')).toBe('2026-03-03T09:00:00Z');
    // Weekdays only: on Saturday evening it waits for Monday (2026-03-09 is a Monday).
    const weekdays = schedule({ frames: [frame('09:00', '18:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')] });
    expect(first(weekdays, '2026-03-07T20:00:00')).toBe('2026-03-09T09:00:00Z');
    // The earliest of several frames that day.
    const two = schedule({ frames: [frame('14:00', '15:00'), frame('11:00', '12:00')] });
    expect(first(two, '2026-03-02T10:00:00')).toBe('2026-03-02T11:00:00Z');
  });

  it('waits for the start date and skips holidays when asked', () => {
    const later = schedule({ start_date: '2026-04-01' });
    expect(first(later, '2026-03-02T10:00:00')).toBe('2026-04-01T09:00:00Z');
    const holidays = new Set(['2026-04-01']);
    expect(first(later, '2026-03-02T10:00:00', holidays)).toBe('2026-04-02T09:00:00Z');
    expect(first({ ...later, exclude_holidays: false }, '2026-03-02T10:00:00', holidays)).toBe(
      '2026-04-01T09:00:00Z',
    );
  });

  it('is null when the dates are over or no frame falls on a day of the range', () => {
    expect(first(schedule({ end_date: '2026-03-01' }), '2026-03-02T10:00:00')).toBeNull();
    const sundays = schedule({
      start_date: '2026-03-02',
      end_date: '2026-03-06',
      frames: [frame('09:00', '18:00', 'FREQ=WEEKLY;BYDAY=SU')],
    });
    expect(first(sundays, '2026-03-02T08:00:00')).toBeNull();
  });

  it('gives a spot its start, or null once it has passed', () => {
    expect(first(spot('2026-03-02T12:00', 30), '2026-03-02T10:00:00')).toBe('2026-03-02T12:00:00Z');
    expect(first(spot('2026-03-02T12:00', 30), '2026-03-02T12:10:00')).toBe('2026-03-02T12:10:00Z');
    expect(first(spot('2026-03-02T12:00', 30), '2026-03-02T13:00:00')).toBeNull();
  });
});

describe('todayAnywhere', () => {
  it('is the date where the day began last (UTC−12)', () => {
    expect(todayAnywhere(at('2026-03-02T11:59:00Z'))).toBe('2026-03-01');
    expect(todayAnywhere(at('2026-03-02T12:00:00Z'))).toBe('2026-03-02');
  });
});

describe('winner', () => {
  const now = at('2026-05-10T12:00:00Z');

  it('lets the higher priority win, then the later approval, then the higher id', () => {
    const low = schedule({ priority: 3 });
    const high = schedule({ priority: 8 });
    expect(winner([low, high], now, null, NONE)?.id).toBe(high.id);
    const earlier = schedule({ priority: 8, approved_at: '2026-04-01T10:00:00Z' });
    const later = schedule({ priority: 8, approved_at: '2026-04-01T10:00:01Z' });
    expect(winner([later, earlier, low], now, null, NONE)?.id).toBe(later.id);
    // The same moment written with another offset is the same approval: the higher id wins.
    const a = schedule({ approved_at: '2026-04-01T12:00:00+02:00' });
    const b = schedule({ approved_at: '2026-04-01T10:00:00Z' });
    expect(winner([b, a], now, null, NONE)?.id).toBe(Math.max(a.id, b.id));
  });

  it('lets a playing insert beat every other type, whatever its priority', () => {
    const top = schedule({ priority: 10 });
    const insert = spot('2026-05-10T11:55', 10);
    expect(winner([top, insert], now, null, NONE)?.id).toBe(insert.id);
    expect(winner([top, insert], at('2026-05-10T12:05:00Z'), null, NONE)?.id).toBe(top.id);
    expect(compareSchedules(insert, top)).toBeLessThan(0);
  });

  it('ignores what does not play, and gives null when nothing does', () => {
    const evening = schedule({ priority: 10, frames: [frame('18:00', '20:00')] });
    const day = schedule({ priority: 1 });
    expect(winner([evening, day], now, null, NONE)?.id).toBe(day.id);
    expect(winner([evening], now, null, NONE)).toBeNull();
    expect(winner([], now, null, NONE)).toBeNull();
  });
});

describe('daylight saving', () => {
  // Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST (01:00 UTC); 2026-10-25 03:00 CEST → 02:00 CET (01:00 UTC).
  it('starts a frame whose start is skipped when the clock reaches a later minute of it (Berlin, spring)', () => {
    const s = schedule({ frames: [frame('02:30', '04:00')] });
    expect(
      segmentsOf([s], at('2026-03-28T23:00:00Z'), at('2026-03-29T04:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([
      ['2026-03-28T23:00:00Z', '2026-03-29T01:00:00Z', null],
      ['2026-03-29T01:00:00Z', '2026-03-29T02:00:00Z', s.id], // 03:00–04:00 CEST
      ['2026-03-29T02:00:00Z', '2026-03-29T04:00:00Z', null],
    ]);
    // Wholly inside the skipped hour: not played that day.
    const skipped = schedule({ frames: [frame('02:10', '02:50')] });
    expect(
      segmentsOf([skipped], at('2026-03-28T23:00:00Z'), at('2026-03-29T04:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([['2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z', null]]);
    // 01:00–05:00 by the clock is three hours that night.
    const night = schedule({ frames: [frame('01:00', '05:00')] });
    expect(
      segmentsOf([night], at('2026-03-28T23:00:00Z'), at('2026-03-29T04:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([
      ['2026-03-28T23:00:00Z', '2026-03-29T00:00:00Z', null],
      ['2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z', night.id],
      ['2026-03-29T03:00:00Z', '2026-03-29T04:00:00Z', null],
    ]);
  });

  it('plays the repeated hour by the wall clock (Berlin, autumn)', () => {
    const twice = schedule({ frames: [frame('02:15', '02:45')] });
    expect(
      segmentsOf([twice], at('2026-10-24T22:00:00Z'), at('2026-10-25T03:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([
      ['2026-10-24T22:00:00Z', '2026-10-25T00:15:00Z', null],
      ['2026-10-25T00:15:00Z', '2026-10-25T00:45:00Z', twice.id], // CEST
      ['2026-10-25T00:45:00Z', '2026-10-25T01:15:00Z', null],
      ['2026-10-25T01:15:00Z', '2026-10-25T01:45:00Z', twice.id], // CET
      ['2026-10-25T01:45:00Z', '2026-10-25T03:00:00Z', null],
    ]);
    // 02:30–04:00: from 02:30 CEST, out when the clock falls back to 02:00, in again at 02:30 CET.
    const late = schedule({ frames: [frame('02:30', '04:00')] });
    expect(
      segmentsOf([late], at('2026-10-24T22:00:00Z'), at('2026-10-25T04:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([
      ['2026-10-24T22:00:00Z', '2026-10-25T00:30:00Z', null],
      ['2026-10-25T00:30:00Z', '2026-10-25T01:00:00Z', late.id],
      ['2026-10-25T01:00:00Z', '2026-10-25T01:30:00Z', null],
      ['2026-10-25T01:30:00Z', '2026-10-25T03:00:00Z', late.id],
      ['2026-10-25T03:00:00Z', '2026-10-25T04:00:00Z', null],
    ]);
    // A whole day by the clock is 25 hours.
    const day = schedule({
      start_date: '2026-10-25',
      end_date: '2026-10-25',
      frames: [frame('00:00', '24:00')],
    });
    expect(
      segmentsOf([day], at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'), 'Europe/Berlin', NONE),
    ).toEqual([
      ['2026-10-24T12:00:00Z', '2026-10-24T22:00:00Z', null],
      ['2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', day.id],
      ['2026-10-25T23:00:00Z', '2026-10-26T12:00:00Z', null],
    ]);
  });

  it('handles New York: spring forward at 07:00 UTC, fall back at 06:00 UTC', () => {
    const s = schedule({ frames: [frame('02:30', '03:30')] });
    // 2026-03-08: 02:00 EST → 03:00 EDT; the frame plays 03:00–03:30 EDT.
    expect(
      segmentsOf([s], at('2026-03-08T05:00:00Z'), at('2026-03-08T09:00:00Z'), 'America/New_York', NONE),
    ).toEqual([
      ['2026-03-08T05:00:00Z', '2026-03-08T07:00:00Z', null],
      ['2026-03-08T07:00:00Z', '2026-03-08T07:30:00Z', s.id],
      ['2026-03-08T07:30:00Z', '2026-03-08T09:00:00Z', null],
    ]);
    // 2026-11-01: 02:00 EDT → 01:00 EST; 01:00–02:00 is two hours of play.
    const one = schedule({ frames: [frame('01:00', '02:00')] });
    expect(
      segmentsOf([one], at('2026-11-01T04:00:00Z'), at('2026-11-01T08:00:00Z'), 'America/New_York', NONE),
    ).toEqual([
      ['2026-11-01T04:00:00Z', '2026-11-01T05:00:00Z', null],
      ['2026-11-01T05:00:00Z', '2026-11-01T07:00:00Z', one.id],
      ['2026-11-01T07:00:00Z', '2026-11-01T08:00:00Z', null],
    ]);
  });

  it('runs a frame across midnight on the day the clocks change', () => {
    const s = schedule({ frames: [frame('22:00', '06:00')] });
    // Berlin 2026-03-28 22:00 CET (21:00 UTC) to 2026-03-29 06:00 CEST (04:00 UTC): 7 hours.
    const segments = timeline(
      [s],
      at('2026-03-28T12:00:00Z'),
      at('2026-03-29T12:00:00Z'),
      'Europe/Berlin',
      NONE,
    );
    expect(segments.map((segment) => [iso(segment.start), iso(segment.end), segment.schedule_id])).toEqual([
      ['2026-03-28T12:00:00Z', '2026-03-28T21:00:00Z', null],
      ['2026-03-28T21:00:00Z', '2026-03-29T04:00:00Z', s.id],
      ['2026-03-29T04:00:00Z', '2026-03-29T12:00:00Z', null],
    ]);
  });
});

describe('timeline and nextChange', () => {
  it('shows what wins when: a spot interrupts and the program under it resumes after', () => {
    const base = schedule({ priority: 2, frames: [frame('08:00', '20:00')] });
    const top = schedule({
      priority: 9,
      frames: [frame('12:00', '13:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')],
    });
    const insert = spot('2026-05-11T12:30', 5, { priority: 1 });
    const all = [base, top, insert];
    // 2026-05-11 is a Monday.
    expect(segmentsOf(all, at('2026-05-11T00:00:00Z'), at('2026-05-12T00:00:00Z'), 'UTC', NONE)).toEqual([
      ['2026-05-11T00:00:00Z', '2026-05-11T08:00:00Z', null],
      ['2026-05-11T08:00:00Z', '2026-05-11T12:00:00Z', base.id],
      ['2026-05-11T12:00:00Z', '2026-05-11T12:30:00Z', top.id],
      ['2026-05-11T12:30:00Z', '2026-05-11T12:35:00Z', insert.id],
      ['2026-05-11T12:35:00Z', '2026-05-11T13:00:00Z', top.id],
      ['2026-05-11T13:00:00Z', '2026-05-11T20:00:00Z', base.id],
      ['2026-05-11T20:00:00Z', '2026-05-12T00:00:00Z', null],
    ]);
    // Saturday: the weekday frame does not play.
    expect(segmentsOf(all, at('2026-05-16T00:00:00Z'), at('2026-05-17T00:00:00Z'), 'UTC', NONE)).toEqual([
      ['2026-05-16T00:00:00Z', '2026-05-16T08:00:00Z', null],
      ['2026-05-16T08:00:00Z', '2026-05-16T20:00:00Z', base.id],
      ['2026-05-16T20:00:00Z', '2026-05-17T00:00:00Z', null],
    ]);

    expect(iso(nextChange(all, at('2026-05-11T12:10:00Z'), 'UTC', NONE) as number)).toBe(
      '2026-05-11T12:30:00Z',
    );
    expect(iso(nextChange(all, at('2026-05-11T12:30:00Z'), 'UTC', NONE) as number)).toBe(
      '2026-05-11T12:35:00Z',
    );
    expect(iso(nextChange(all, at('2026-05-11T21:00:00Z'), 'UTC', NONE) as number)).toBe(
      '2026-05-12T08:00:00Z',
    );
  });

  it('merges adjacent frames of the same winner, and answers null when nothing changes', () => {
    const s = schedule({ frames: [frame('08:00', '12:00'), frame('12:00', '16:00')] });
    expect(segmentsOf([s], at('2026-05-11T07:00:00Z'), at('2026-05-11T17:00:00Z'), null, NONE)).toEqual([
      ['2026-05-11T07:00:00Z', '2026-05-11T08:00:00Z', null],
      ['2026-05-11T08:00:00Z', '2026-05-11T16:00:00Z', s.id],
      ['2026-05-11T16:00:00Z', '2026-05-11T17:00:00Z', null],
    ]);
    const always = schedule({ frames: [frame('00:00', '24:00')] });
    expect(nextChange([always], at('2026-05-11T07:00:00Z'), null, NONE)).toBeNull();
    expect(nextChange([], at('2026-05-11T07:00:00Z'), null, NONE)).toBeNull();
    expect(timeline([s], 10, 10, null, NONE)).toEqual([]);
  });

  it('places frames by the device zone: Kolkata and Kiritimati', () => {
    const s = schedule({ start_date: '2026-05-11', end_date: '2026-05-11' });
    expect(
      segmentsOf([s], at('2026-05-10T12:00:00Z'), at('2026-05-12T12:00:00Z'), 'Asia/Kolkata', NONE),
    ).toEqual([
      ['2026-05-10T12:00:00Z', '2026-05-11T03:30:00Z', null],
      ['2026-05-11T03:30:00Z', '2026-05-11T11:30:00Z', s.id],
      ['2026-05-11T11:30:00Z', '2026-05-12T12:00:00Z', null],
    ]);
    expect(
      segmentsOf([s], at('2026-05-10T12:00:00Z'), at('2026-05-12T12:00:00Z'), 'Pacific/Kiritimati', NONE),
    ).toEqual([
      ['2026-05-10T12:00:00Z', '2026-05-10T19:00:00Z', null],
      ['2026-05-10T19:00:00Z', '2026-05-11T03:00:00Z', s.id],
      ['2026-05-11T03:00:00Z', '2026-05-12T12:00:00Z', null],
    ]);
  });

  it('stays quick for a month of many schedules running for years', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      schedule({
        priority: 1 + (i % 10),
        start_date: '2024-01-01',
        end_date: '2035-12-31',
        frames: [
          frame(
            `${String(i % 24).padStart(2, '0')}:00`,
            `${String((i + 3) % 24).padStart(2, '0')}:30`,
            i % 2 ? 'FREQ=WEEKLY;BYDAY=MO,FR;INTERVAL=2' : 'FREQ=DAILY;INTERVAL=3',
          ),
        ],
      }),
    );
    const started = performance.now();
    const segments = timeline(
      many,
      at('2034-03-01T00:00:00Z'),
      at('2034-04-01T00:00:00Z'),
      'Europe/Berlin',
      NONE,
    );
    expect(segments.length).toBeGreaterThan(10);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('agrees minute by minute with winner() for random schedules, across DST days and zones', {
    timeout: 30_000,
  }, () => {
    let seed = 0;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const time = () =>
      `${String(Math.floor(random() * 24)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`;
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=2',
      'FREQ=WEEKLY;BYDAY=SA,SU',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    ];
    const cases = [
      ['Europe/Berlin', '2026-03-28T00:00:00Z'],
      ['Europe/Berlin', '2026-10-24T00:00:00Z'],
      ['America/New_York', '2026-11-01T00:00:00Z'],
      ['Asia/Kolkata', '2026-06-01T00:00:00Z'],
      ['Pacific/Kiritimati', '2026-06-01T00:00:00Z'],
    ] as const;
    for (const [index, [zone, start]] of cases.entries()) {
      seed = 1000 + index * 7919;
      const schedules = Array.from({ length: 6 }, (_, i) =>
        i === 5
          ? spot(`${start.slice(0, 10)}T${time()}`, 1 + Math.floor(random() * 180))
          : schedule({
              priority: 1 + Math.floor(random() * 10),
              start_date: start.slice(0, 10),
              end_date: dateAfter(start, 1),
              frames: [frame(time(), time(), pick(rules)), frame(time(), time(), pick(rules))].filter(
                (f) => f.start !== f.end,
              ),
              exclude_holidays: random() < 0.5,
            }),
      );
      const holidays = new Set([dateAfter(start, 1)]);
      const from = at(start);
      const to = from + 3 * 86_400_000;
      const segments = timeline(schedules, from, to, zone, holidays);
      for (let instant = from; instant < to; instant += 60_000) {
        const segment = segments.find((s) => s.start <= instant && instant < s.end);
        expect(segment ? segment.schedule_id : 'no segment', `${zone} ${iso(instant)}`).toBe(
          winner(schedules, instant, zone, holidays)?.id ?? null,
        );
      }
      for (let i = 1; i < segments.length; i++) {
        expect(segments[i]?.start).toBe(segments[i - 1]?.end);
        expect(segments[i]?.schedule_id).not.toBe(segments[i - 1]?.schedule_id);
      }
    }
  });
});

function dateAfter(isoTime: string, days: number): string {
  return new Date(Date.parse(isoTime) + days * 86_400_000).toISOString().slice(0, 10);
}
