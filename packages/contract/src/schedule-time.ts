import * as rruleModule from 'rrule';

// When a schedule plays (ARCHITECTURE §9): zod-free, since the browser player resolves it offline
// against server time, as the server does for previews, conflicts and the schedule-empty check.
// All times are wall-clock times in the device's timezone (IANA name; UTC when a device has none).

/** A time frame: from `start` to `end` (HH:mm, 24:00 allowed as an end) on each day `rrule` names. An end at or before the start runs past midnight into the next day. */
export type ScheduleFrame = { start: string; end: string; rrule: string };

/** A spot's moment: local YYYY-MM-DDTHH:mm, interrupting for `minutes`. */
export type ScheduleSpot = { start: string; minutes: number };

/** The time rules of one approved schedule, as the manifest and the resolver see them. */
export type ScheduleTime = {
  id: number;
  type: string;
  priority: number;
  /** YYYY-MM-DD, inclusive; a frame that starts on the end date may run past midnight. */
  start_date: string;
  end_date: string;
  frames: ScheduleFrame[];
  /** Insert schedules: the moment they interrupt; their frames are empty. */
  spot: ScheduleSpot | null;
  exclude_holidays: boolean;
  /** Breaks ties between equal priorities: the later approval wins. ISO time. */
  approved_at: string;
};

// How it resolves: a schedule plays when the device's wall clock (date and minute) lies in one of
// its frames on a day that qualifies (in the date range, named by the rule, not an excluded
// holiday). Being a function of the wall clock alone settles daylight saving: a frame whose start
// falls in the skipped hour begins when the clock reaches a later minute of it, and the repeated
// hour plays by what the clock shows. Wall-clock moments are "floating" milliseconds: the local
// date and time written as if they were UTC, which is also how rrule wants dates it should not
// shift (its documented way to use local dates).

const MINUTE = 60_000;
const DAY = 86_400_000;

type RRuleClass = typeof rruleModule.RRule;
// Bundlers load rrule's ES build (named exports); Node's ESM loader its CommonJS build, whose
// exports arrive as the default export only.
const RRule: RRuleClass =
  (rruleModule as { RRule?: RRuleClass }).RRule ??
  (Reflect.get(rruleModule, 'default') as { RRule: RRuleClass }).RRule;

/** The wall clock of a device at an instant. */
export type LocalClock = {
  /** YYYY-MM-DD. */
  date: string;
  /** Minutes since local midnight, 0…1439. */
  minute: number;
  /** The local date and time as if it were UTC (milliseconds): comparable wall-clock moments. */
  floating: number;
  /** Local time minus UTC, in minutes (120 in Berlin in summer, 330 in Kolkata). */
  offset: number;
  /** The zone used: the one given, or UTC when it was null or unknown. */
  timezone: string;
};

/** What resolution reads of a wall clock. */
export type WallClock = Pick<LocalClock, 'date' | 'minute' | 'floating'>;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(timezone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(timezone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null; // an unknown zone: RangeError
    }
    formatters.set(timezone, format);
  }
  return format;
}

/** The zone a device's times are read in: its own when the runtime knows it, else UTC. */
export function resolveTimezone(timezone: string | null | undefined): string {
  if (!timezone || timezone === 'UTC') return 'UTC';
  return formatterOf(timezone) ? timezone : 'UTC';
}

/** The wall clock at `nowMs` in `timezone` (null or unknown: UTC). */
export function localClock(nowMs: number, timezone: string | null | undefined): LocalClock {
  const zone = resolveTimezone(timezone);
  let offsetMs = 0;
  if (zone !== 'UTC') {
    const parts: Record<string, number> = {};
    for (const part of (formatterOf(zone) as Intl.DateTimeFormat).formatToParts(nowMs)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const year = parts.year ?? 1970;
    const wall = Date.UTC(
      year,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      // Some engines write midnight as 24 despite h23.
      (parts.hour ?? 0) % 24,
      parts.minute,
      parts.second,
    );
    // Date.UTC maps years 0…99 to 1900…1999; no device lives there.
    offsetMs = wall - Math.floor(nowMs / 1000) * 1000;
  }
  const floating = nowMs + offsetMs;
  return {
    date: dateOf(floating),
    minute: Math.floor((((floating % DAY) + DAY) % DAY) / MINUTE),
    floating,
    offset: Math.round(offsetMs / MINUTE),
    timezone: zone,
  };
}

/** YYYY-MM-DD of a floating moment. */
function dateOf(floating: number): string {
  const day = Math.floor(floating / DAY);
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 10);
    if (dates.size >= 20_000) dates.clear();
    dates.set(day, date);
  }
  return date;
}
const dates = new Map<number, string>();

/** Floating midnight of a YYYY-MM-DD date. */
function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function addDays(date: string, days: number): string {
  return dateOf(dayStart(date) + days * DAY);
}

/** Minutes since midnight of HH:mm (24:00 → 1440). */
export function clockMinutes(time: string): number {
  let minutes = parsedTimes.get(time);
  if (minutes === undefined) {
    minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    if (parsedTimes.size < 10_000) parsedTimes.set(time, minutes);
  }
  return minutes;
}
const parsedTimes = new Map<string, number>();

// ---- recurrence ------------------------------------------------------------------------------

type RuleOptions = ReturnType<typeof RRule.parseString>;

const parsedRules = new Map<string, RuleOptions | null>();
const occurrenceYears = new Map<string, Set<string>>();
const OCCURRENCE_CACHE_LIMIT = 4096;

function parseRule(rule: string): RuleOptions | null {
  let options = parsedRules.get(rule);
  if (options === undefined) {
    try {
      // An empty rule: every day (the editor's "no repeat" is the date range itself).
      options = RRule.parseString(rule.trim() === '' ? 'FREQ=DAILY' : rule.trim());
      if (options.freq === undefined) options = null;
    } catch {
      options = null;
    }
    parsedRules.set(rule, options);
  }
  return options;
}

/**
 * The earliest date rrule needs to start from to answer for dates from `from` on: the rule's own
 * start moved forward by whole intervals (rrule walks every period from its start, which takes
 * long for schedules running for years). A weekly rule counts weeks from the Monday of its start.
 */
function anchorFor(options: RuleOptions, start: string, from: string): string {
  const interval = options.interval ?? 1;
  if (from <= start) return start;
  const startMs = dayStart(start);
  if (options.freq === RRule.DAILY) {
    const days = Math.floor((dayStart(from) - startMs) / DAY);
    return addDays(start, Math.floor(days / interval) * interval);
  }
  if (options.freq === RRule.WEEKLY) {
    const monday = startMs - ((new Date(startMs).getUTCDay() + 6) % 7) * DAY;
    const weeks = Math.floor((dayStart(from) - monday) / (7 * DAY));
    const skip = Math.floor(weeks / interval) * interval;
    return skip === 0 ? start : dateOf(monday + skip * 7 * DAY);
  }
  if (options.freq === RRule.MONTHLY) {
    const month = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
    const skip = Math.floor((month(from) - month(start)) / interval) * interval;
    if (skip === 0) return start;
    const target = month(start) + skip;
    return dateOf(Date.UTC(Math.floor(target / 12), target % 12, 1));
  }
  return start;
}

/**
 * Whether `date` is a day the recurrence `rule` names, the rule anchored at `start` and ending at
 * `end` (YYYY-MM-DD, inclusive). An unreadable rule names no day.
 */
export function occursOn(rule: string, start: string, end: string, date: string): boolean {
  if (date < start || date > end) return false;
  const options = parseRule(rule);
  if (!options) return false;
  const year = date.slice(0, 4);
  const key = `${rule}|${start}|${end}|${year}`;
  let days = occurrenceYears.get(key);
  if (!days) {
    const from = start > `${year}-01-01` ? start : `${year}-01-01`;
    const to = end < `${year}-12-31` ? end : `${year}-12-31`;
    // Without its days named, a rule repeats on its start's weekday or month day: named here, since
    // the start given to rrule moves.
    const named = { ...options };
    if (options.freq === RRule.WEEKLY && options.byweekday == null) {
      named.byweekday = [(new Date(dayStart(start)).getUTCDay() + 6) % 7];
    }
    if (options.freq === RRule.MONTHLY && options.bymonthday == null && options.byweekday == null) {
      named.bymonthday = [Number(start.slice(8, 10))];
    }
    const recurrence = new RRule({
      ...named,
      dtstart: new Date(dayStart(anchorFor(options, start, from))),
      until: new Date(dayStart(to)),
    });
    days = new Set(
      recurrence.between(new Date(dayStart(from)), new Date(dayStart(to)), true).map((d) => dateOf(+d)),
    );
    if (occurrenceYears.size >= OCCURRENCE_CACHE_LIMIT) occurrenceYears.clear();
    occurrenceYears.set(key, days);
  }
  return days.has(date);
}

// ---- one schedule, one instant ---------------------------------------------------------------

/** Whether a frame starting on `date` may play: date range, rule and holidays. */
const frameDays = new WeakMap<
  ScheduleFrame,
  { start: string; end: string; rule: string; days: Map<string, boolean> }
>();

function frameDay(
  schedule: ScheduleTime,
  frame: ScheduleFrame,
  date: string,
  holidays: ReadonlySet<string>,
): boolean {
  if (date < schedule.start_date || date > schedule.end_date) return false;
  if (schedule.exclude_holidays && holidays.has(date)) return false;
  // Asked for the same few days again and again (a timeline evaluates every boundary): remembered
  // per frame object, for the date range it was asked with.
  let memo = frameDays.get(frame);
  if (
    !memo ||
    memo.start !== schedule.start_date ||
    memo.end !== schedule.end_date ||
    memo.rule !== frame.rrule
  ) {
    memo = { start: schedule.start_date, end: schedule.end_date, rule: frame.rrule, days: new Map() };
    frameDays.set(frame, memo);
  }
  let occurs = memo.days.get(date);
  if (occurs === undefined) {
    occurs = occursOn(frame.rrule, schedule.start_date, schedule.end_date, date);
    if (memo.days.size > 1000) memo.days.clear();
    memo.days.set(date, occurs);
  }
  return occurs;
}

/** Whether the schedule plays at a wall-clock moment. */
export function isPlayingAt(
  schedule: ScheduleTime,
  clock: WallClock,
  holidays: ReadonlySet<string>,
): boolean {
  if (schedule.spot) {
    const start = Date.parse(`${schedule.spot.start}:00Z`);
    if (Number.isNaN(start)) return false;
    if (schedule.exclude_holidays && holidays.has(schedule.spot.start.slice(0, 10))) return false;
    return clock.floating >= start && clock.floating < start + schedule.spot.minutes * MINUTE;
  }
  let yesterday: string | undefined;
  for (const frame of schedule.frames) {
    const start = clockMinutes(frame.start);
    const end = clockMinutes(frame.end);
    if (end > start) {
      if (clock.minute >= start && clock.minute < end && frameDay(schedule, frame, clock.date, holidays))
        return true;
    } else if (clock.minute >= start) {
      if (frameDay(schedule, frame, clock.date, holidays)) return true;
    } else if (clock.minute < end) {
      // The part after midnight of the frame that started yesterday.
      yesterday ??= addDays(clock.date, -1);
      if (frameDay(schedule, frame, yesterday, holidays)) return true;
    }
  }
  return false;
}

/** Whether the schedule plays at `nowMs` on a device in `timezone`. */
export function isPlaying(
  schedule: ScheduleTime,
  nowMs: number,
  timezone: string | null | undefined,
  holidays: ReadonlySet<string>,
): boolean {
  return isPlayingAt(schedule, localClock(nowMs, timezone), holidays);
}

/** Days firstPlayAt looks ahead at most: a schedule may run for years, a first play is soon. */
export const FIRST_PLAY_HORIZON_DAYS = 3660;

/**
 * When the schedule first plays at or after the wall-clock moment `clock`: `clock.floating` itself
 * when it plays then, else the floating start of its first frame (or spot) to come; null when it
 * never plays (its dates are over, or no frame falls on a day that qualifies).
 */
export function firstPlayAt(
  schedule: ScheduleTime,
  clock: WallClock,
  holidays: ReadonlySet<string>,
): number | null {
  if (isPlayingAt(schedule, clock, holidays)) return clock.floating;
  if (schedule.spot) {
    const start = Date.parse(`${schedule.spot.start}:00Z`);
    if (Number.isNaN(start) || start < clock.floating) return null;
    if (schedule.exclude_holidays && holidays.has(schedule.spot.start.slice(0, 10))) return null;
    return start;
  }
  const from = schedule.start_date > clock.date ? schedule.start_date : clock.date;
  const horizon = addDays(from, FIRST_PLAY_HORIZON_DAYS);
  const last = schedule.end_date < horizon ? schedule.end_date : horizon;
  for (let day = from; day <= last; day = addDays(day, 1)) {
    const midnight = dayStart(day);
    let first: number | null = null;
    for (const frame of schedule.frames) {
      const start = midnight + clockMinutes(frame.start) * MINUTE;
      if (start <= clock.floating || (first !== null && start >= first)) continue;
      if (frameDay(schedule, frame, day, holidays)) first = start;
    }
    if (first !== null) return first;
  }
  return null;
}

// ---- which schedule wins ---------------------------------------------------------------------

/** The insert type (ScheduleType.insert), which interrupts everything else while it plays. */
const INSERT = 'insert';

/**
 * Orders schedules that play at the same time, the winner first: an insert beats every other
 * type; then the higher priority; then the later approval; then the higher id.
 */
export function compareSchedules(a: ScheduleTime, b: ScheduleTime): number {
  const insert = Number(b.type === INSERT) - Number(a.type === INSERT);
  if (insert !== 0) return insert;
  if (a.priority !== b.priority) return b.priority - a.priority;
  const approved = (Date.parse(b.approved_at) || 0) - (Date.parse(a.approved_at) || 0);
  if (approved !== 0) return approved;
  return b.id - a.id;
}

function winnerAt<T extends ScheduleTime>(
  schedules: readonly T[],
  clock: WallClock,
  holidays: ReadonlySet<string>,
): T | null {
  let best: T | null = null;
  for (const schedule of schedules) {
    if ((best === null || compareSchedules(schedule, best) < 0) && isPlayingAt(schedule, clock, holidays)) {
      best = schedule;
    }
  }
  return best;
}

/** The schedule a device plays at `nowMs`, or null (then it plays its default content). */
export function winner<T extends ScheduleTime>(
  schedules: readonly T[],
  nowMs: number,
  timezone: string | null | undefined,
  holidays: ReadonlySet<string>,
): T | null {
  return winnerAt(schedules, localClock(nowMs, timezone), holidays);
}

// ---- over time -------------------------------------------------------------------------------

/** A stretch of time in which one schedule (or none: the default content) plays. */
export type TimelineSegment = { start: number; end: number; schedule_id: number | null };

/** A zone's offset (minutes) at an instant. */
type Offsets = (instant: number) => number;

/**
 * The zone's offsets around from…to, read once: an offset holds between the changes, so the
 * instants of a timeline need no Intl call each (which is what makes long timelines slow).
 */
function zoneOffsets(zone: string, from: number, to: number): { at: Offsets; changes: number[] } {
  if (zone === 'UTC') return { at: () => 0, changes: [] };
  const start = from - 2 * DAY;
  const end = to + 2 * DAY;
  const changes = offsetChanges(start, end, zone);
  const values = [
    localClock(start, zone).offset,
    ...changes.map((change) => localClock(change, zone).offset),
  ];
  const at: Offsets = (instant) => {
    if (instant < start || instant > end) return localClock(instant, zone).offset;
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((changes[middle] as number) <= instant) low = middle + 1;
      else high = middle;
    }
    return values[low] as number;
  };
  return { at, changes };
}

/** The wall clock at an instant, by a known offset. */
function clockAt(instant: number, offsets: Offsets): WallClock {
  const floating = instant + offsets(instant) * MINUTE;
  return { date: dateOf(floating), minute: Math.floor((((floating % DAY) + DAY) % DAY) / MINUTE), floating };
}

/** The instants at which the device's wall clock reads a floating moment: none in a skipped hour, two in a repeated one. */
function instantsOf(floating: number, offsets: Offsets): number[] {
  const candidates = new Set<number>();
  for (const probe of [floating - 1.5 * DAY, floating, floating + 1.5 * DAY]) candidates.add(offsets(probe));
  const instants: number[] = [];
  for (const offset of candidates) {
    const instant = floating - offset * MINUTE;
    if (offsets(instant) === offset) instants.push(instant);
  }
  return instants;
}

/** The instants in (from, to) at which the zone's offset changes (the wall clock jumps). */
function offsetChanges(from: number, to: number, zone: string): number[] {
  if (zone === 'UTC') return [];
  const changes: number[] = [];
  const step = 6 * 3_600_000;
  let before = from;
  let offset = localClock(from, zone).offset;
  while (before < to) {
    const after = Math.min(before + step, to);
    const next = localClock(after, zone).offset;
    if (next !== offset) {
      // Offsets change on whole minutes: search the first minute with the new one.
      let low = Math.floor(before / MINUTE);
      let high = Math.ceil(after / MINUTE);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (localClock(middle * MINUTE, zone).offset === offset) low = middle;
        else high = middle;
      }
      changes.push(high * MINUTE);
      offset = next;
    }
    before = after;
  }
  return changes;
}

/** Wall-clock moments (floating) around which what plays may change, for local days first…last. */
function boundaries(schedules: readonly ScheduleTime[], first: string, last: string): Set<number> {
  const moments = new Set<number>();
  for (let day = first; day <= last; day = addDays(day, 1)) moments.add(dayStart(day));
  for (const schedule of schedules) {
    if (schedule.spot) {
      const start = Date.parse(`${schedule.spot.start}:00Z`);
      if (Number.isNaN(start)) continue;
      moments.add(start);
      moments.add(start + schedule.spot.minutes * MINUTE);
      continue;
    }
    const from = schedule.start_date > first ? schedule.start_date : first;
    // A frame starting on the end date may end the next day.
    const lastDay = addDays(schedule.end_date, 1);
    const to = lastDay < last ? lastDay : last;
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const midnight = dayStart(day);
      for (const frame of schedule.frames) {
        moments.add(midnight + clockMinutes(frame.start) * MINUTE);
        moments.add(midnight + clockMinutes(frame.end) * MINUTE);
      }
    }
  }
  return moments;
}

/**
 * What plays when from `fromMs` to `toMs`: consecutive segments, each with the winning schedule's
 * id or null (the default content). Evaluated at the frames' boundaries and the zone's offset
 * changes, not minute by minute.
 */
export function timeline(
  schedules: readonly ScheduleTime[],
  fromMs: number,
  toMs: number,
  timezone: string | null | undefined,
  holidays: ReadonlySet<string>,
): TimelineSegment[] {
  if (!(toMs > fromMs)) return [];
  const zone = resolveTimezone(timezone);
  const { at: offsets, changes: jumps } = zoneOffsets(zone, fromMs, toMs);
  const first = addDays(clockAt(fromMs, offsets).date, -1);
  const last = addDays(clockAt(toMs, offsets).date, 1);
  const instants = new Set<number>(jumps);
  for (const moment of boundaries(schedules, first, last)) {
    for (const instant of instantsOf(moment, offsets)) instants.add(instant);
  }
  const changes = [...instants].filter((instant) => instant > fromMs && instant < toMs).sort((a, b) => a - b);
  const segments: TimelineSegment[] = [];
  let current: TimelineSegment = {
    start: fromMs,
    end: toMs,
    schedule_id: winnerAt(schedules, clockAt(fromMs, offsets), holidays)?.id ?? null,
  };
  for (const instant of changes) {
    const id = winnerAt(schedules, clockAt(instant, offsets), holidays)?.id ?? null;
    if (id === current.schedule_id) continue;
    segments.push({ ...current, end: instant });
    current = { start: instant, end: toMs, schedule_id: id };
  }
  segments.push(current);
  return segments;
}

/** How far ahead nextChange looks. */
export const NEXT_CHANGE_HORIZON_MS = 2 * DAY;

/**
 * The next instant after `nowMs` at which what plays changes (another schedule wins, or none), or
 * null when nothing changes within `horizonMs`. A player sleeps until then (and at most a minute).
 */
export function nextChange(
  schedules: readonly ScheduleTime[],
  nowMs: number,
  timezone: string | null | undefined,
  holidays: ReadonlySet<string>,
  horizonMs = NEXT_CHANGE_HORIZON_MS,
): number | null {
  const segments = timeline(schedules, nowMs, nowMs + horizonMs, timezone, holidays);
  return segments.length > 1 ? segments[1].start : null;
}
