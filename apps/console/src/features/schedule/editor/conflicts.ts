import { isPlayingAt, localClock, type ScheduleTime, timeline } from '@vitrine/contract';

// The conflict hint of the time step: other approved schedules on the same devices whose time
// overlaps this one's, and which of the two plays then (the resolver's own rules: an insert beats
// everything, then the higher priority, then the later approval, which this schedule will be).
// Wall-clock times, as on the calendar (the resolver runs in UTC here, i.e. floating).

export type Conflict = {
  id: number;
  name: string;
  priority: number;
  /** Minutes in the window where the other schedule plays instead of this one. */
  lost: number;
  /** Minutes in the window where this one plays instead of the other. */
  won: number;
  /** The first overlapping moment, floating 'YYYY-MM-DDTHH:mm'. */
  first: string;
};

const NO_HOLIDAYS: ReadonlySet<string> = new Set();
const playing = (schedule: ScheduleTime, at: number) =>
  isPlayingAt(schedule, localClock(at, 'UTC'), NO_HOLIDAYS);

/** The draft's id in the comparison: none of the stored ones. */
export const DRAFT_ID = -1;

/**
 * How `mine` overlaps each of `others` between the floating instants `fromMs` and `toMs`;
 * only those that overlap, the ones that take the most time from this schedule first.
 */
export function conflictsOf(
  mine: ScheduleTime,
  others: readonly (ScheduleTime & { name: string })[],
  fromMs: number,
  toMs: number,
): Conflict[] {
  const out: Conflict[] = [];
  for (const other of others) {
    if (other.id === mine.id) continue;
    let lost = 0;
    let won = 0;
    let first = Number.POSITIVE_INFINITY;
    // Cut where either schedule starts or stops, then look at each piece whole.
    const both = timeline([mine, other], fromMs, toMs, 'UTC', NO_HOLIDAYS);
    const cuts = new Set<number>();
    for (const list of [
      timeline([mine], fromMs, toMs, 'UTC', NO_HOLIDAYS),
      timeline([other], fromMs, toMs, 'UTC', NO_HOLIDAYS),
      both,
    ]) {
      for (const segment of list) cuts.add(segment.start).add(segment.end);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let index = 1; index < points.length; index += 1) {
      const start = points[index - 1] as number;
      const end = points[index] as number;
      const middle = (start + end) / 2;
      if (!playing(mine, middle) || !playing(other, middle)) continue;
      const minutes = Math.round((end - start) / 60_000);
      const winner = both.find((segment) => segment.start <= middle && middle < segment.end)?.schedule_id;
      if (winner === other.id) lost += minutes;
      else won += minutes;
      first = Math.min(first, start);
    }
    if (lost + won > 0) {
      out.push({
        id: other.id,
        name: other.name,
        priority: other.priority,
        lost,
        won,
        first: new Date(first).toISOString().slice(0, 16),
      });
    }
  }
  return out.sort((a, b) => b.lost - a.lost || a.first.localeCompare(b.first));
}
