import { type DeviceTimers, minuteOfWeek, powerPlan } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PowerTimers, RECHECK_MS } from './timers';

// 2025-01-06 is a Monday.
const at = (iso: string) => Date.parse(iso);
const timers = (...list: DeviceTimers['timers']): DeviceTimers => ({ enabled: true, timers: list });

describe('minuteOfWeek', () => {
  it('reads the weekday and clock in the given time zone', () => {
    expect(minuteOfWeek(at('2025-01-06T08:30:00Z'), 'UTC')).toBe(1440 + 8 * 60 + 30);
    // 23:30 UTC on Sunday is already Monday 08:30 in Tokyo.
    expect(minuteOfWeek(at('2025-01-05T23:30:00Z'), 'Asia/Tokyo')).toBe(1440 + 8 * 60 + 30);
  });
});

describe('powerPlan', () => {
  const office = timers({ weekday: 1, on: '08:00', off: '18:00' });

  it('is always on with timers disabled', () => {
    expect(powerPlan({ ...office, enabled: false }, at('2025-01-06T03:00:00Z'), 'UTC')).toEqual({
      on: true,
      nextChangeAt: null,
    });
    expect(powerPlan(timers(), at('2025-01-06T03:00:00Z'), 'UTC').on).toBe(false);
  });

  it('is on inside a period and off outside, with the next change', () => {
    expect(powerPlan(office, at('2025-01-06T09:00:00Z'), 'UTC')).toEqual({
      on: true,
      nextChangeAt: at('2025-01-06T18:00:00Z'),
    });
    expect(powerPlan(office, at('2025-01-06T07:59:30Z'), 'UTC')).toEqual({
      on: false,
      nextChangeAt: at('2025-01-06T08:00:00Z'),
    });
    // Off at 18:00 sharp; the next on is next Monday.
    expect(powerPlan(office, at('2025-01-06T18:00:00Z'), 'UTC')).toEqual({
      on: false,
      nextChangeAt: at('2025-01-13T08:00:00Z'),
    });
  });

  it('follows a period across midnight into the next day', () => {
    const night = timers({ weekday: 5, on: '22:00', off: '02:00' }); // Friday night
    expect(powerPlan(night, at('2025-01-10T23:00:00Z'), 'UTC').on).toBe(true);
    expect(powerPlan(night, at('2025-01-11T01:59:00Z'), 'UTC')).toEqual({
      on: true,
      nextChangeAt: at('2025-01-11T02:00:00Z'),
    });
    expect(powerPlan(night, at('2025-01-11T02:00:00Z'), 'UTC').on).toBe(false);
  });

  it('wraps the week: Saturday night runs on into Sunday morning', () => {
    const saturday = timers({ weekday: 6, on: '20:00', off: '03:00' });
    expect(powerPlan(saturday, at('2025-01-12T02:00:00Z'), 'UTC')).toEqual({
      on: true,
      nextChangeAt: at('2025-01-12T03:00:00Z'),
    });
    expect(powerPlan(saturday, at('2025-01-12T04:00:00Z'), 'UTC')).toEqual({
      on: false,
      nextChangeAt: at('2025-01-18T20:00:00Z'),
    });
  });

  it('skips boundaries that do not change anything (back-to-back periods)', () => {
    const day = timers({ weekday: 1, on: '08:00', off: '12:00' }, { weekday: 1, on: '12:00', off: '17:00' });
    expect(powerPlan(day, at('2025-01-06T10:00:00Z'), 'UTC').nextChangeAt).toBe(at('2025-01-06T17:00:00Z'));
  });

  it('reads the periods in the screen time zone', () => {
    // 08:00 in New York (UTC−5 in January) is 13:00 UTC.
    expect(powerPlan(office, at('2025-01-06T12:00:00Z'), 'America/New_York').on).toBe(false);
    expect(powerPlan(office, at('2025-01-06T13:00:00Z'), 'America/New_York').on).toBe(true);
  });
});

describe('PowerTimers', () => {
  const utc = { timezone: 'UTC' };
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('goes dark outside the periods and wakes on time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at('2025-01-06T07:59:00Z'));
    const power = new PowerTimers(() => Date.now());
    const office = timers({ weekday: 1, on: '08:00', off: '18:00' });
    power.update({ paired: true, timers: office, settings: utc });
    expect(power.off).toBe(true);
    expect(document.querySelector('.power-off')).not.toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(power.off).toBe(false);
    vi.setSystemTime(at('2025-01-06T19:00:00Z'));
    power.update({ paired: true, timers: office, settings: utc });
    expect(power.off).toBe(true);
    // Disabled, or unpaired (showing its PIN): always on.
    power.update({ paired: true, timers: { ...office, enabled: false }, settings: utc });
    expect(power.off).toBe(false);
    power.update({ paired: false, timers: office, settings: utc });
    expect(power.off).toBe(false);
    power.stop();
  });

  it('follows the time zone set for the screen', () => {
    vi.useFakeTimers();
    // 07:30 in UTC, 08:30 in Paris (winter): the office opens at 08:00 on the screen's clock.
    vi.setSystemTime(at('2025-01-06T07:30:00Z'));
    const power = new PowerTimers(() => Date.now());
    const office = timers({ weekday: 1, on: '08:00', off: '18:00' });
    power.update({ paired: true, timers: office, settings: utc });
    expect(power.off).toBe(true);
    power.update({ paired: true, timers: office, settings: { timezone: 'Europe/Paris' } });
    expect(power.off).toBe(false);
    power.stop();
  });

  it('uses the server clock it is given, and checks again at least every minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at('2025-01-06T12:00:00Z'));
    let offset = 0;
    const power = new PowerTimers(() => Date.now() + offset);
    power.update({ paired: true, timers: timers({ weekday: 1, on: '08:00', off: '18:00' }), settings: utc });
    expect(power.off).toBe(false);
    // The server says it is really 18:00: seen within a re-check.
    offset = 6 * 3_600_000;
    vi.advanceTimersByTime(RECHECK_MS);
    expect(power.off).toBe(true);
    power.stop();
  });
});
