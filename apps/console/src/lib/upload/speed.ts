/** How far back the shown speed looks: long enough to span a few 2 MiB parts on a slow link. */
export const SPEED_WINDOW_MS = 8000;

export type SpeedMeter = {
  /** Bytes that finished arriving at time `at` (ms). */
  add: (bytes: number, at: number) => void;
  /** Bytes per second over the last window, or since the start when that is more recent. */
  rate: (at: number) => number;
};

export function createSpeedMeter(start: number, windowMs = SPEED_WINDOW_MS): SpeedMeter {
  const samples: { at: number; bytes: number }[] = [];
  return {
    add(bytes, at) {
      samples.push({ at, bytes });
    },
    rate(at) {
      while (samples.length > 0 && samples[0].at <= at - windowMs) samples.shift();
      const elapsed = Math.min(windowMs, at - start);
      if (elapsed <= 0) return 0;
      const bytes = samples.reduce((sum, sample) => sum + sample.bytes, 0);
      return (bytes * 1000) / elapsed;
    },
  };
}
