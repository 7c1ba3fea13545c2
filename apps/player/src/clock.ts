import { CLOCK_FIRST_PINGS } from '@vitrine/contract';

/**
 * The server's clock as seen from here. Screens show server time so a wrongly set screen clock does
 * not shift what it shows, and synced programs (sync play, walls) are placed by it, so every screen
 * of a wall agrees on the frame without trusting its own clock.
 *
 * Each exchange with the server (a ping over the socket, a heartbeat, an HTTP answer) is a sample:
 * sent at local time s, answered with the server's time S, received at local time r. The server
 * read its clock somewhere in between; taking the middle, offset = S − (s + r) / 2, wrong by at most
 * half the round trip and in practice by half the difference between the two ways. So the samples
 * with the shortest round trips are the trustworthy ones (NTP's clock filter): the estimate is the
 * offset of the least-delay sample among the last WINDOW ones, and a new estimate is reached by
 * slewing (at most SLEW_RATE of elapsed time), not by jumping, so what plays never skips because the
 * estimate improved. A far-off estimate (the first, or after the screen clock was set) is a step.
 * Offline, the last offset stays (and is kept across reloads by `keep`).
 */
export class ServerClock {
  private readonly samples: Sample[] = [];
  /** The offset applied at local time `appliedAt`, moving towards `target`. */
  private applied = 0;
  private appliedAt = 0;
  private target = 0;
  private synced = false;
  private restored = false;

  /**
   * localNow: the screen's clock in ms since the epoch; by default the page's monotonic clock, so
   * that a screen clock set meanwhile does not move it (the samples notice a real change).
   * keep: told each new estimate, so a player started offline still knows server time.
   */
  constructor(
    private readonly localNow: () => number = monotonicNow,
    private readonly keep?: (offsetMs: number) => void,
  ) {}

  /** The screen's own clock, as samples are to be timed. */
  readonly local = (): number => this.localNow();

  /** An offset kept from an earlier run; any real sample replaces it. */
  restore(offsetMs: number | null): void {
    if (offsetMs === null || this.samples.length > 0) return;
    this.applied = offsetMs;
    this.target = offsetMs;
    this.appliedAt = this.localNow();
    this.synced = true;
    this.restored = true;
  }

  /** A request sent at local sentAt, answered with serverTime, received at local receivedAt. */
  sample(serverTime: number, sentAt: number, receivedAt: number): void {
    if (!Number.isFinite(serverTime) || receivedAt < sentAt) return;
    const rtt = receivedAt - sentAt;
    this.samples.push({ offset: serverTime - (sentAt + receivedAt) / 2, rtt, at: receivedAt });
    if (this.samples.length > WINDOW) this.samples.shift();
    // The least possible error: half the round trip, plus what the screen clock may have drifted since.
    const error = (sample: Sample) => sample.rtt / 2 + (receivedAt - sample.at) * DRIFT_RATE;
    let best = this.samples[0] as Sample;
    for (const sample of this.samples) if (error(sample) < error(best)) best = sample;
    if (best.offset === this.target && this.synced) return;
    const now = this.localNow();
    this.applied = this.offsetAt(now);
    this.appliedAt = now;
    this.target = best.offset;
    // Until the first samples are in nothing plays by them yet: each better one is taken at once.
    const settling = !this.restored && this.samples.length <= CLOCK_FIRST_PINGS;
    if (!this.synced || settling || Math.abs(this.target - this.applied) > STEP_MS)
      this.applied = this.target;
    this.synced = true;
    this.keep?.(this.target);
  }

  /** The offset applied now (server time − screen time), on its way to the best estimate. */
  get offset(): number {
    return this.offsetAt(this.localNow());
  }

  /** The best estimate of the offset, which `offset` reaches by slewing. */
  get estimate(): number {
    return this.target;
  }

  /** The round trip of the sample the estimate comes from (Infinity before any). */
  get bestRtt(): number {
    return this.samples.reduce((best, sample) => Math.min(best, sample.rtt), Number.POSITIVE_INFINITY);
  }

  now(): number {
    const local = this.localNow();
    return local + this.offsetAt(local);
  }

  /** Server time at a moment of the screen's clock (a frame's time, say), by the offset applied then. */
  at(local: number): number {
    return local + this.offsetAt(local);
  }

  private offsetAt(local: number): number {
    const gap = this.target - this.applied;
    const step = Math.max(0, local - this.appliedAt) * SLEW_RATE;
    return Math.abs(gap) <= step ? this.target : this.applied + Math.sign(gap) * step;
  }
}

type Sample = { offset: number; rtt: number; at: number };

/** The samples the estimate is chosen from (CLOCK_FIRST_PINGS at connect, then one every ping: minutes). */
export const WINDOW = 32;
/** How fast a screen's clock may run off the server's (20 ppm): an old sample grows less certain. */
export const DRIFT_RATE = 20e-6;
/** The estimate moves the applied offset by at most this much per ms: 5 ms a second. */
export const SLEW_RATE = 0.005;
/** An estimate further off than this is taken at once: slewing would take minutes. */
export const STEP_MS = 250;

const monotonicNow = () => performance.timeOrigin + performance.now();
