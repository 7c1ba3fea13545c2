import type { Manifest, ManifestTrigger, Program, VideoWallCell } from '@vitrine/contract';
import { nextChange, ScheduleType, winner } from '@vitrine/contract';

// What a paired screen plays now, decided here from the manifest against server time, so it keeps
// following its schedules while the server is unreachable (ARCHITECTURE §7, §9).

/** The screen looks again at least this often, so a clock that moved is followed soon. */
export const RECHECK_MS = 60_000;
/** A change is acted on this long after its instant, so the resolver sees the new minute. */
const CHANGE_SLACK_MS = 20;

/**
 * A program on screen, the schedule it plays for (null: the device's default content), and for a
 * video-wall schedule the screen's place in its wall (the program spans the wall), else null.
 */
export type Choice = { program: Program; schedule_id: number | null; wall: VideoWallCell | null };

const holidaySets = new WeakMap<Manifest, ReadonlySet<string>>();

function holidaysOf(manifest: Manifest): ReadonlySet<string> {
  let holidays = holidaySets.get(manifest);
  if (!holidays) {
    holidays = new Set(manifest.holidays ?? []);
    holidaySets.set(manifest, holidays);
  }
  return holidays;
}

/** The winning schedule's program at server time `nowMs`, else the default content, else null. */
export function choose(manifest: Manifest | null, nowMs: number): Choice | null {
  if (!manifest) return null;
  const won = winner(manifest.schedules ?? [], nowMs, manifest.timezone, holidaysOf(manifest));
  if (won) {
    // A manifest kept from before walls existed has no place: the program then fills the screen.
    const wall = won.type === ScheduleType.videoWall ? (manifest.video_wall ?? null) : null;
    return { program: won.program, schedule_id: won.id, wall };
  }
  return manifest.default_program
    ? { program: manifest.default_program, schedule_id: null, wall: null }
    : null;
}

/** How long until the screen should choose again: the next change, at most RECHECK_MS. */
export function recheckDelay(manifest: Manifest | null, nowMs: number): number {
  if (!manifest?.schedules?.length) return RECHECK_MS;
  const next = nextChange(manifest.schedules, nowMs, manifest.timezone, holidaysOf(manifest), RECHECK_MS);
  return next === null ? RECHECK_MS : Math.max(0, next - nowMs) + CHANGE_SLACK_MS;
}

/**
 * What a read of `sensorId` interrupts with at server time `nowMs`: among the sensor schedules armed
 * now (their frames running, as a schedule plays) that list the tag, the winner as schedules win
 * (priority, later approval); null when the screen does not listen to the tag or none is armed.
 */
export function triggerFor(
  manifest: Manifest | null,
  sensorId: string,
  nowMs: number,
): ManifestTrigger | null {
  if (!manifest?.sensors?.includes(sensorId)) return null;
  const listed = (manifest.triggers ?? []).filter((trigger) => trigger.sensor_ids.includes(sensorId));
  return winner(listed, nowMs, manifest.timezone, holidaysOf(manifest));
}
