import { describe, expect, it } from 'vitest';
import { ServerClock } from './clock';

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

  it('keeps the sample with the shorter round trip', () => {
    const clock = new ServerClock();
    clock.sample(10_000, 1_000, 1_100); // rtt 100 → offset 8_950
    clock.sample(10_500, 1_200, 2_200); // rtt 1000: less accurate, ignored
    expect(clock.offset).toBe(8_950);
    clock.sample(20_000, 3_000, 3_040); // rtt 40: better
    expect(clock.offset).toBe(16_980);
  });

  it('lets an old sample give way so drift is followed', () => {
    const clock = new ServerClock();
    clock.sample(10_000, 1_000, 1_010);
    clock.sample(700_000, 690_000, 691_000); // 11 min later, slower round trip
    expect(clock.offset).toBe(9_500);
  });

  it('starts from a kept offset until it samples, and reports each new offset', () => {
    const kept: number[] = [];
    const clock = new ServerClock(
      () => 1_000,
      (offset) => kept.push(offset),
    );
    clock.restore(5_000);
    expect(clock.now()).toBe(6_000);
    clock.sample(10_000, 1_000, 1_000);
    expect(kept).toEqual([9_000]);
    clock.restore(5_000); // a real sample wins
    expect(clock.offset).toBe(9_000);
  });
});
