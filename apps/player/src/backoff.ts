const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 60_000;

/** Full-jitter exponential backoff: a fleet that lost its server does not come back in one wave. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

/** A period spread by ±20%, so heartbeats of screens started together drift apart. */
export function jittered(periodMs: number, random: () => number = Math.random): number {
  return Math.round(periodMs * (0.8 + 0.4 * random()));
}
