import {
  localClock,
  type ScheduleDetail,
  type ScheduleTime,
  type TimelineSegment,
  timeline,
} from '@vitrine/contract';

// The preview's week: what a device plays over the next days, on its own wall clock, cut into
// local days for drawing. Built on the contract's resolver (the same one the player runs).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const PREVIEW_DAYS = 7;

/** A piece of one local day: from and to in minutes since its midnight (0…1440). */
export type DayPiece = { from: number; to: number; schedule_id: number | null };
export type PreviewDay = { date: string; pieces: DayPiece[] };

/** A schedule's time rules as the resolver reads them; one not yet approved counts as approved now. */
export function scheduleTime(detail: ScheduleDetail, approvedAt: string): ScheduleTime {
  return {
    id: detail.id,
    type: detail.type,
    priority: detail.priority,
    start_date: detail.start_date,
    end_date: detail.end_date,
    frames: detail.frames,
    spot: detail.spot,
    exclude_holidays: detail.exclude_holidays,
    approved_at: approvedAt,
  };
}

/** The segments cut at the device's local midnights: one entry per local day from `fromMs`'s day on. */
export function splitByDay(
  segments: readonly TimelineSegment[],
  timezone: string | null,
  days: number,
): PreviewDay[] {
  const out: PreviewDay[] = [];
  if (segments.length === 0) return out;
  const firstDay = localClock(segments[0].start, timezone).date;
  const dayStart = Date.parse(`${firstDay}T00:00:00Z`);
  for (let index = 0; index < days; index += 1) {
    out.push({ date: new Date(dayStart + index * DAY).toISOString().slice(0, 10), pieces: [] });
  }
  for (const segment of segments) {
    // Floating times: the wall clock as if it were UTC, so a local day is [k·DAY, (k+1)·DAY).
    const from = localClock(segment.start, timezone).floating;
    const to = localClock(segment.end, timezone).floating;
    for (let at = from; at < to; ) {
      const index = Math.floor((at - dayStart) / DAY);
      const end = Math.min(to, dayStart + (index + 1) * DAY);
      const day = out[index];
      if (day) {
        const start = Math.round((at - (dayStart + index * DAY)) / MINUTE);
        const stop = Math.round((end - (dayStart + index * DAY)) / MINUTE);
        const previous = day.pieces.at(-1);
        if (previous && previous.schedule_id === segment.schedule_id && previous.to === start)
          previous.to = stop;
        else if (stop > start) day.pieces.push({ from: start, to: stop, schedule_id: segment.schedule_id });
      }
      at = end;
    }
  }
  return out;
}

/** The device's next days from its current local midnight: the winner at every moment. */
export function previewWeek(
  schedules: readonly ScheduleTime[],
  nowMs: number,
  timezone: string | null,
  holidays: ReadonlySet<string>,
  days = PREVIEW_DAYS,
): PreviewDay[] {
  const clock = localClock(nowMs, timezone);
  // The local midnight: now minus the minutes (and seconds) since it.
  const midnight = nowMs - clock.minute * MINUTE - (nowMs % MINUTE);
  const segments = timeline(schedules, midnight, midnight + days * DAY, timezone, holidays);
  return splitByDay(segments, timezone, days);
}

/** "HH:mm" of minutes since midnight (1440 → 24:00). */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
