import type { DeviceTimers } from './device-control';

// Weekly power timers (ARCHITECTURE §7): whether a screen's timers have it on at a moment, in its
// own time zone. Zod-free: the browser player applies it offline, and the server follows the same
// plan for the power on/off mails.

export const WEEK_MINUTES = 7 * 24 * 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type PowerPlan = { on: boolean; nextChangeAt: number | null };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Where in the week (minutes since Sunday 00:00, fractional) a moment falls in a time zone. */
export function minuteOfWeek(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const seconds = Number(parts.second) + (at % 1000) / 1000;
  return (
    WEEKDAYS.indexOf(parts.weekday) * 1440 + Number(parts.hour) * 60 + Number(parts.minute) + seconds / 60
  );
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Each period as [start, end) in minutes of the week; one crossing midnight ends the next day. */
function periodsOf(timers: DeviceTimers): [number, number][] {
  return timers.timers.map(({ weekday, on, off }) => {
    const start = weekday * 1440 + clockMinutes(on);
    const length = (clockMinutes(off) - clockMinutes(on) + 1440) % 1440;
    return [start, start + length];
  });
}

/** Whether a minute of the week lies in a period (Saturday's night runs on into Sunday). */
function within(periods: [number, number][], minute: number): boolean {
  return periods.some(
    ([start, end]) =>
      (minute >= start && minute < end) || (minute + WEEK_MINUTES >= start && minute + WEEK_MINUTES < end),
  );
}

/** Whether the screen should be on at `now` (ms, server time), and when that next changes. */
export function powerPlan(timers: DeviceTimers, now: number, timeZone: string): PowerPlan {
  if (!timers.enabled) return { on: true, nextChangeAt: null };
  const periods = periodsOf(timers);
  const minute = minuteOfWeek(now, timeZone);
  const on = within(periods, minute);
  // Candidate boundaries ahead, nearest first; the first that flips the state is the change.
  const ahead = periods
    .flat()
    .map((boundary) => (((boundary - minute) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES)
    .filter((distance) => distance > 0)
    .sort((a, b) => a - b);
  for (const distance of ahead) {
    if (within(periods, (minute + distance) % WEEK_MINUTES) !== on) {
      return { on, nextChangeAt: now + Math.round(distance * 60_000) };
    }
  }
  return { on, nextChangeAt: null };
}
