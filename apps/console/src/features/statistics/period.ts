import { RECENT_PERIOD_DAYS } from '@vitrine/contract';
import dayjs from 'dayjs';

// The statistics pages' period: the last 7, 14 or 30 days (spec 001 §9), or a range of local dates.
// The address keeps it as days=… or from=YYYY-MM-DD&to=YYYY-MM-DD; the server gets moments.

export const DEFAULT_DAYS = 7;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type Period = { kind: 'days'; days: number } | { kind: 'range'; from: string; to: string };

/** The period a set of (address) values describes; anything unknown is the last 7 days. */
export function periodOf(value: {
  days?: number | string | null;
  from?: string | null;
  to?: string | null;
}): Period {
  const { from, to } = value;
  if (from && to && DATE.test(from) && DATE.test(to) && dayjs(from).isValid() && dayjs(to).isValid()) {
    return from <= to ? { kind: 'range', from, to } : { kind: 'range', from: to, to: from };
  }
  const days = Number(value.days);
  return {
    kind: 'days',
    days: (RECENT_PERIOD_DAYS as readonly number[]).includes(days) ? days : DEFAULT_DAYS,
  };
}

/** The server's query for a period: days, or the range from the first day's start to the last day's end. */
export function periodQuery(period: Period): { days?: number; from?: string; to?: string } {
  if (period.kind === 'days') return { days: period.days };
  return {
    from: dayjs(period.from).startOf('day').toISOString(),
    to: dayjs(period.to).endOf('day').toISOString(),
  };
}

/** A log page's period from its address: the `days` filter, or `from` and `to`. */
export const logPeriod = (days: number | undefined, params: URLSearchParams): Period =>
  periodOf({ days, from: params.get('from'), to: params.get('to') });

/** The browser's IANA timezone, for plays per day and the export's times. */
export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Milliseconds as seconds with up to one decimal, or m:ss / h:mm:ss from a minute on. */
export function formatPlayTime(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
