/**
 * The server's clock as seen from here. Screens show server time so a wrongly set screen
 * clock does not shift what it shows (and, later, when it plays).
 */
export class ServerClock {
  private offsetMs = 0;
  private bestRttMs = Number.POSITIVE_INFINITY;
  private sampledAt = 0;

  /** keep: told each new offset, so a player started offline still knows server time. */
  constructor(
    private readonly localNow: () => number = Date.now,
    private readonly keep?: (offsetMs: number) => void,
  ) {}

  /** An offset kept from an earlier run; any real sample replaces it. */
  restore(offsetMs: number | null): void {
    if (offsetMs !== null && this.sampledAt === 0) this.offsetMs = offsetMs;
  }

  /**
   * A request sent at sentAt, answered with serverTime, received at receivedAt: the server read
   * its clock about half the round trip after sentAt. A sample with a shorter round trip is more
   * accurate; an old sample gives way so a drifting screen clock is followed.
   */
  sample(serverTime: number, sentAt: number, receivedAt: number): void {
    const rtt = Math.max(0, receivedAt - sentAt);
    const stale = receivedAt - this.sampledAt > STALE_SAMPLE_MS;
    if (rtt > this.bestRttMs && !stale) return;
    this.bestRttMs = rtt;
    this.sampledAt = receivedAt;
    this.offsetMs = serverTime - (sentAt + rtt / 2);
    this.keep?.(this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  now(): number {
    return this.localNow() + this.offsetMs;
  }
}

const STALE_SAMPLE_MS = 10 * 60_000;
