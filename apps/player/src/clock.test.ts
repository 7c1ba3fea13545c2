import { CLOCK_FIRST_PINGS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { DRIFT_RATE, ServerClock, SLEW_RATE, STEP_MS, WINDOW } from './clock';

/** A screen whose clock runs `skew` ms off the server's, and a network with the given one-way delays. */
function network(skew: number) {
  let serverNow = 1_000_000;
  const local = () => serverNow - skew;
  const clock = new ServerClock(local);
  const exchange = (up: number, down: number) => {
    const sentAt = local();
    serverNow += up;
    const read = serverNow;
    serverNow += down;
    clock.sample(read, sentAt, local());
  };
  const wait = (ms: number) => {
    serverNow += ms;
  };
  return { clock, exchange, wait, server: () => serverNow };
}

/** A deterministic spread of delays, 0–80 ms each way. */
function jitter(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31) * 80;
  };
}

describe('ServerClock', () => {
  it('takes the server time at the middle of the round trip', () => {
    const clock = new ServerClock(() => 10_000);
    clock.sample(50_000, 1_000, 1_200); // server read its clock at local 1_100
    expect(clock.offset).toBe(48_900);
    expect(clock.now()).toBe(58_900);
  });

  it('works when the screen clock is ahead of the server', () => {
    const clock = new ServerClock(() => 0);
    clock.sample(1_000, 5_000, 5_000);
    expect(clock.offset).toBe(-4_000);
  });

  it('is exact over a symmetric network, whatever the screen clock says', () => {
    for (const skew of [-2_000, -37.5, 0, 1_999]) {
      const { clock, exchange, server } = network(skew);
      exchange(40, 40);
      expect(clock.now()).toBe(server());
    }
  });

  it('keeps the least-delay sample of its window: jitter of 0–80 ms costs a few ms at most', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const delay = jitter(seed);
      const { clock, exchange, server, wait } = network(1_500);
      for (let ping = 0; ping < CLOCK_FIRST_PINGS; ping++) exchange(delay(), delay());
      const first = Math.abs(clock.now() - server());
      for (let ping = 0; ping < WINDOW; ping++) {
        wait(10_000);
        exchange(delay(), delay());
      }
      wait(60_000); // slewed all the way by now
      const later = Math.abs(clock.now() - server());
      expect(first).toBeLessThan(20);
      expect(later).toBeLessThan(8);
    }
  });

  it('ignores a slower sample and follows a faster one', () => {
    const clock = new ServerClock(() => 0);
    clock.sample(10_000, 1_000, 1_100); // rtt 100 → offset 8_950
    clock.sample(10_500, 1_200, 2_200); // rtt 1000: less accurate, ignored
    expect(clock.estimate).toBe(8_950);
    clock.sample(10_000, 1_000, 1_040); // rtt 40: better
    expect(clock.estimate).toBe(8_980);
    expect(clock.bestRtt).toBe(40);
  });

  it('slews towards a better estimate once settled, instead of jumping', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    for (let ping = 0; ping < CLOCK_FIRST_PINGS; ping++) clock.sample(5_100, 100, 100); // rtt 0 → 5_000
    expect(clock.offset).toBe(5_000);
    local = 1_000;
    // A sample whose round trip is as good but says 40 ms more (the screen clock drifted):
    clock.sample(6_040, 1_000, 1_000);
    expect(clock.estimate).toBe(5_040);
    expect(clock.offset).toBe(5_000);
    local = 2_000; // a second later: 5 ms moved
    expect(clock.offset).toBeCloseTo(5_000 + 1_000 * SLEW_RATE, 6);
    expect(clock.at(1_500)).toBeCloseTo(1_500 + 5_000 + 500 * SLEW_RATE, 6);
    local = 1_000 + 40 / SLEW_RATE;
    expect(clock.offset).toBe(5_040);
    local += 10_000;
    expect(clock.offset).toBe(5_040); // and stays there
  });

  it('steps at once when the estimate is far off (the screen clock was set)', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    for (let ping = 0; ping < CLOCK_FIRST_PINGS; ping++) clock.sample(1_000, 0, 0);
    local = 10_000;
    clock.sample(10_000 + 1_000 + STEP_MS + 1, 10_000, 10_000);
    expect(clock.offset).toBe(1_000 + STEP_MS + 1);
  });

  it('lets an old sample give way as the screen clock may have drifted since', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    clock.sample(1_000, 0, 10); // rtt 10 → 995
    local = 1_000_000;
    // 1000 s later: the old sample's possible error is 5 + 1000 s × 20 ppm = 25 ms; this one's is 15 ms.
    clock.sample(1_000_990, 999_970, 1_000_000);
    expect(DRIFT_RATE * 1_000_000).toBe(20);
    expect(clock.estimate).toBe(1_005);
  });

  it('forgets samples beyond its window', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    clock.sample(100, 0, 0); // rtt 0 → offset 100
    for (let ping = 1; ping <= WINDOW; ping++) {
      local = ping;
      clock.sample(ping + 201, ping - 2, ping); // rtt 2 → 202
    }
    expect(clock.estimate).toBe(202);
  });

  it('keeps the offset it had while nothing answers', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    clock.sample(2_000, 0, 0);
    local = 5 * 60_000;
    expect(clock.now()).toBe(5 * 60_000 + 2_000);
  });

  it('starts from a kept offset until it samples, slews from it, and reports each new estimate', () => {
    const kept: number[] = [];
    let local = 1_000;
    const clock = new ServerClock(
      () => local,
      (offset) => kept.push(offset),
    );
    clock.restore(5_000);
    expect(clock.now()).toBe(6_000);
    clock.sample(6_020, 1_000, 1_000); // 20 ms off the kept one: slewed to, not jumped to
    expect(kept).toEqual([5_020]);
    expect(clock.offset).toBe(5_000);
    local = 1_000 + 20 / SLEW_RATE;
    expect(clock.offset).toBe(5_020);
    clock.restore(5_000); // a real sample wins
    expect(clock.estimate).toBe(5_020);
  });

  it('ignores a sample that cannot be (received before sent, no time)', () => {
    const clock = new ServerClock(() => 0);
    clock.sample(5_000, 100, 50);
    clock.sample(Number.NaN, 0, 10);
    expect(clock.offset).toBe(0);
    expect(clock.bestRtt).toBe(Number.POSITIVE_INFINITY);
  });
});
