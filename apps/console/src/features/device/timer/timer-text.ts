import type { DeviceTimer } from '@vitrine/contract';
import dayjs from 'dayjs';

// Weekdays as the week reads: Monday first, Sunday (0) last.
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const rank = (weekday: number) => WEEK_ORDER.indexOf(weekday as (typeof WEEK_ORDER)[number]);

/** A weekday's name in dayjs's current locale (the user's language): "Mon" / "Monday". */
export function weekdayName(weekday: number, long = false): string {
  return dayjs()
    .day(weekday)
    .format(long ? 'dddd' : 'ddd');
}

/** "Mon 08:00–12:00, 14:00–20:00 · Tue 08:00–20:00", Monday first, each day's periods in order. */
export function timerSummary(timers: readonly DeviceTimer[], dayName: (weekday: number) => string): string {
  const sorted = [...timers].sort((a, b) => rank(a.weekday) - rank(b.weekday) || a.on.localeCompare(b.on));
  const days = new Map<number, string[]>();
  for (const timer of sorted) {
    days.set(timer.weekday, [...(days.get(timer.weekday) ?? []), `${timer.on}–${timer.off}`]);
  }
  return [...days].map(([weekday, periods]) => `${dayName(weekday)} ${periods.join(', ')}`).join(' · ');
}
