// A synced program's position as a function of server time (docs/sync.md): its items follow each
// other in a loop anchored at a fixed epoch, so every screen, whenever it starts (late, reloaded,
// back from a network loss), computes the same item and the same point in it. Pure functions.

/** One turn of one item in the loop, in server time (ms). */
export type Occurrence = { index: number; start: number; end: number };

/** The item playing at server time `at` of a loop of `durations` (ms) begun at `epoch`. */
export function occurrenceAt(durations: readonly number[], epoch: number, at: number): Occurrence {
  const loop = durations.reduce((sum, duration) => sum + Math.max(0, duration), 0);
  if (durations.length === 0 || loop <= 0) return { index: 0, start: at, end: Number.POSITIVE_INFINITY };
  const into = (((at - epoch) % loop) + loop) % loop;
  let start = at - into;
  for (let index = 0; index < durations.length; index++) {
    const end = start + Math.max(0, durations[index] as number);
    if (at < end) return { index, start, end };
    start = end;
  }
  // Rounding at the very end of the loop: the first item of the next turn.
  return { index: 0, start, end: start + Math.max(0, durations[0] as number) };
}

/** The turn after `occurrence`. */
export function nextOccurrence(durations: readonly number[], occurrence: Occurrence): Occurrence {
  const index = (occurrence.index + 1) % durations.length;
  return { index, start: occurrence.end, end: occurrence.end + Math.max(0, durations[index] as number) };
}

/**
 * Where in its media (seconds) a synced video should be at server time `at`: from its turn's start,
 * wrapped around its length when it loops (a video alone in its zone, or shorter than its turn).
 */
export function expectedMediaTime(at: number, start: number, lengthSeconds: number, loop: boolean): number {
  const seconds = Math.max(0, (at - start) / 1000);
  if (!loop || !(lengthSeconds > 0) || !Number.isFinite(lengthSeconds)) return seconds;
  return seconds % lengthSeconds;
}

/** Drift below this is left alone (a frame's timestamp is coarser than that anyway). */
export const DRIFT_DEADBAND_S = 0.002;
/** Drift is corrected over about this long: rate = 1 − drift / this. */
export const DRIFT_CORRECT_S = 1;
/** The playback rate moves at most this far from 1 (5 %: not seen, not heard as pitch on a wall). */
export const RATE_LIMIT = 0.05;
/** Beyond this a video seeks rather than catching up (at 5 % it would take seconds). */
export const HARD_SEEK_S = 0.25;

/**
 * What to do about a video that shows media time `shown` when it should show `expected` (seconds),
 * for a video of `lengthSeconds` that loops or not: a playback rate that closes the gap smoothly, or
 * a seek when it is too wide. Across a loop's seam the gap is the short way round.
 */
export function correction(
  shown: number,
  expected: number,
  lengthSeconds: number,
  loop: boolean,
): { rate: number; drift: number } | { seek: number; drift: number } {
  let drift = shown - expected;
  if (loop && lengthSeconds > 0 && Number.isFinite(lengthSeconds)) {
    if (drift > lengthSeconds / 2) drift -= lengthSeconds;
    else if (drift < -lengthSeconds / 2) drift += lengthSeconds;
  }
  if (Math.abs(drift) > HARD_SEEK_S) return { seek: expected, drift };
  if (Math.abs(drift) < DRIFT_DEADBAND_S) return { rate: 1, drift };
  const rate = 1 - Math.max(-RATE_LIMIT, Math.min(RATE_LIMIT, drift / DRIFT_CORRECT_S));
  return { rate, drift };
}
