import { RRULE_PATTERN, type ScheduleFrame } from '@vitrine/contract';

// The time frames of a schedule as the editor's calendar draws and edits them. A frame is a
// wall-clock span (HH:mm to HH:mm, 24:00 allowed as an end; an end at or before the start runs
// past midnight) on each day its rule names, the rule anchored at the schedule's start date (the
// contract's RRULE subset: DAILY, WEEKLY;BYDAY, MONTHLY;BYMONTHDAY, each with INTERVAL). The
// calendar works in floating local times ('YYYY-MM-DDTHH:mm', read as UTC), so a device's
// daylight-saving days do not bend what is drawn.

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A rule as the frame dialog edits it. */
export type Recurrence = {
  freq: Frequency;
  /** Every N days, weeks or months (1…99). */
  interval: number;
  /** WEEKLY: the weekdays, Monday first. */
  days: Weekday[];
  /** MONTHLY: dates of the month, 1…31. */
  monthDays: number[];
};

export const INTERVAL_MAX = 99;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The RRULE of a recurrence, in the contract's subset (days and dates sorted). */
export function buildRrule(recurrence: Recurrence): string {
  const interval = Math.min(Math.max(Math.round(recurrence.interval) || 1, 1), INTERVAL_MAX);
  const tail = interval > 1 ? `;INTERVAL=${interval}` : '';
  if (recurrence.freq === 'weekly') {
    const days = WEEKDAYS.filter((day) => recurrence.days.includes(day));
    return `FREQ=WEEKLY;BYDAY=${(days.length ? days : ['MO']).join(',')}${tail}`;
  }
  if (recurrence.freq === 'monthly') {
    const dates = [...new Set(recurrence.monthDays.filter((d) => d >= 1 && d <= 31))].sort((a, b) => a - b);
    return `FREQ=MONTHLY;BYMONTHDAY=${(dates.length ? dates : [1]).join(',')}${tail}`;
  }
  return `FREQ=DAILY${tail}`;
}

/** A rule of the contract's subset as the dialog edits it; null for anything else. */
export function parseRrule(rule: string): Recurrence | null {
  if (!RRULE_PATTERN.test(rule)) return null;
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const freq = parts.get('FREQ');
  const days = (parts.get('BYDAY')?.split(',') ?? []) as Weekday[];
  const monthDays = (parts.get('BYMONTHDAY')?.split(',') ?? []).map(Number);
  if (freq === 'WEEKLY') return { freq: 'weekly', interval, days, monthDays: [] };
  if (freq === 'MONTHLY') return { freq: 'monthly', interval, days: [], monthDays };
  return { freq: 'daily', interval, days: [], monthDays: [] };
}

// ── Dates (YYYY-MM-DD, as UTC days) ─────────────────────────────────────────────────────────

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOfMs(dayMs(date) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
/** Monday 0 … Sunday 6. */
export const weekdayIndex = (date: string) => (new Date(dayMs(date)).getUTCDay() + 6) % 7;
export const weekdayOf = (date: string): Weekday => WEEKDAYS[weekdayIndex(date)] as Weekday;
const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Minutes since midnight of HH:mm (24:00 → 1440). */
export const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** How long a frame lasts, in minutes (an end at or before the start runs into the next day). */
export function frameMinutes(frame: Pick<ScheduleFrame, 'start' | 'end'>): number {
  const start = clockMinutes(frame.start);
  const end = clockMinutes(frame.end);
  return end > start ? end - start : end + 1440 - start;
}

/**
 * Whether a frame with this rule starts on `date`, the rule anchored at `start` (the schedule's
 * start date; a weekly rule counts its weeks from that date's Monday, RFC 5545's default WKST).
 */
export function ruleOccursOn(rule: string, start: string, date: string): boolean {
  if (date < start) return false;
  const recurrence = parseRrule(rule);
  if (!recurrence) return false;
  const { interval } = recurrence;
  if (recurrence.freq === 'daily') return daysBetween(start, date) % interval === 0;
  if (recurrence.freq === 'weekly') {
    const monday = addDays(start, -weekdayIndex(start));
    const week = Math.floor(daysBetween(monday, date) / 7);
    return week % interval === 0 && recurrence.days.includes(weekdayOf(date));
  }
  return (
    (monthNumber(date) - monthNumber(start)) % interval === 0 &&
    recurrence.monthDays.includes(Number(date.slice(8, 10)))
  );
}

/** One drawn occurrence of a frame: floating local 'YYYY-MM-DDTHH:mm' start and end. */
export type Occurrence = { frame: number; date: string; start: string; end: string };

/** Floating 'YYYY-MM-DDTHH:mm' of a date plus minutes (24:00 is the next day's 00:00). */
export function momentOf(date: string, minutes: number): string {
  return new Date(dayMs(date) + minutes * MINUTE_MS).toISOString().slice(0, 16);
}

/**
 * The occurrences of the frames between the dates `from` and `to` (inclusive), within the
 * schedule's own date range (a frame starting on the end date may run past midnight).
 */
export function occurrences(
  frames: readonly ScheduleFrame[],
  range: { start_date: string; end_date: string },
  from: string,
  to: string,
): Occurrence[] {
  const out: Occurrence[] = [];
  // The day before `from`: a frame starting then may still run into the view.
  const first = addDays(from, -1) > range.start_date ? addDays(from, -1) : range.start_date;
  const last = to < range.end_date ? to : range.end_date;
  for (let date = first; date <= last; date = addDays(date, 1)) {
    frames.forEach((frame, index) => {
      if (!ruleOccursOn(frame.rrule, range.start_date, date)) return;
      const startMinutes = clockMinutes(frame.start);
      out.push({
        frame: index,
        date,
        start: momentOf(date, startMinutes),
        end: momentOf(date, startMinutes + frameMinutes(frame)),
      });
    });
  }
  return out.filter((occurrence) => occurrence.end > `${from}T00:00`);
}

/** Floating 'YYYY-MM-DDTHH:mm' of a calendar's Date (the calendar runs in UTC). */
export const floatingOf = (date: Date) => date.toISOString().slice(0, 16);

/** The end clock of a span: 24:00 when it ends at the midnight after its start day. */
function endClock(start: string, end: string): string {
  const time = end.slice(11, 16);
  return time === '00:00' && end.slice(0, 10) > start.slice(0, 10) ? '24:00' : time;
}

/**
 * A new frame from a span drawn on the calendar: floating 'YYYY-MM-DDTHH:mm' start and end in the
 * week and day views, or whole days 'YYYY-MM-DD' (end exclusive) in the month view, which give
 * 00:00–24:00. The frame repeats weekly on each weekday the span covers (all seven: daily); a span
 * over several days keeps the same hours on each.
 */
export function frameOfSelection(start: string, end: string): ScheduleFrame {
  const wholeDays = start.length === 10;
  const startDate = start.slice(0, 10);
  const endTime = wholeDays ? '00:00' : end.slice(11, 16);
  let lastDate = end.slice(0, 10);
  if (endTime === '00:00' && lastDate > startDate) lastDate = addDays(lastDate, -1);
  const days: Weekday[] = [];
  for (let date = startDate; date <= lastDate && days.length < 7; date = addDays(date, 1))
    days.push(weekdayOf(date));
  const from = wholeDays ? '00:00' : start.slice(11, 16);
  let to = endTime === '00:00' ? '24:00' : endTime;
  if (to === from) to = from === '00:00' ? '24:00' : clockOf((clockMinutes(from) + 60) % 1440);
  const rrule =
    days.length === 7 ? buildRrule({ freq: 'daily', interval: 1, days: [], monthDays: [] }) : weekly(days);
  return { start: from, end: to, rrule };
}

const weekly = (days: Weekday[]) => buildRrule({ freq: 'weekly', interval: 1, days, monthDays: [] });

/** A rule with its days moved by `delta` days (weekly: weekdays; monthly: dates, wrapping at 31). */
export function shiftRule(rule: string, delta: number): string {
  const recurrence = parseRrule(rule);
  if (!recurrence || delta === 0) return rule;
  if (recurrence.freq === 'weekly') {
    const days = recurrence.days.map(
      (day) => WEEKDAYS[(((WEEKDAYS.indexOf(day) + delta) % 7) + 7) % 7] as Weekday,
    );
    return buildRrule({ ...recurrence, days });
  }
  if (recurrence.freq === 'monthly') {
    const monthDays = recurrence.monthDays.map((d) => ((((d - 1 + delta) % 31) + 31) % 31) + 1);
    return buildRrule({ ...recurrence, monthDays });
  }
  return rule;
}

/**
 * The frame after one of its occurrences (which started on `date`) was moved or resized on the
 * calendar to the floating `start`…`end`; null when the result cannot be a frame (empty, or a day
 * or longer unless it is exactly 00:00–24:00).
 */
export function retimeFrame(
  frame: ScheduleFrame,
  date: string,
  start: string,
  end: string,
): ScheduleFrame | null {
  const minutes = Math.round((Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / MINUTE_MS);
  const from = start.slice(11, 16);
  if (minutes <= 0 || minutes > 1440 || (minutes === 1440 && from !== '00:00')) return null;
  const to = minutes === 1440 ? '24:00' : endClock(start, end);
  return { start: from, end: to, rrule: shiftRule(frame.rrule, daysBetween(date, start.slice(0, 10))) };
}

/** A frame with new clock times typed in the dialog; the end 00:00 after the start reads as 24:00. */
export function withTimes(frame: ScheduleFrame, start: string, end: string): ScheduleFrame {
  const to = end === '00:00' ? '24:00' : end;
  return { ...frame, start, end: to };
}
