import { describe, expect, it } from 'vitest';
import { createSpeedMeter } from './speed';

describe('createSpeedMeter', () => {
  it('is zero before anything arrived', () => {
    expect(createSpeedMeter(1000).rate(1000)).toBe(0);
    expect(createSpeedMeter(1000).rate(3000)).toBe(0);
  });

  it('divides by the time since the start while that is shorter than the window', () => {
    const meter = createSpeedMeter(0, 8000);
    meter.add(2_000_000, 1000);
    meter.add(2_000_000, 2000);
    expect(meter.rate(2000)).toBe(2_000_000);
  });

  it('forgets what arrived before the window', () => {
    const meter = createSpeedMeter(0, 4000);
    meter.add(8_000_000, 1000);
    meter.add(1_000_000, 9000);
    expect(meter.rate(10_000)).toBe(250_000);
    expect(meter.rate(14_000)).toBe(0);
  });
});
