import { ResultCode } from '@vitrine/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp } from '../test/app';
import { now, setClockOffset } from './clock';

afterEach(() => setClockOffset(0));

const DAY_MS = 86_400_000;

describe('the licence clock', () => {
  it('is the real time until a test moves it', () => {
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    setClockOffset(3 * DAY_MS);
    expect(now().getTime() - Date.now()).toBeGreaterThan(3 * DAY_MS - 1000);
  });

  it('is moved over HTTP only by a server started with VITRINE_TEST_CLOCK=1', async () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ VITRINE_TEST_CLOCK: '1' }).testClock).toBe(true);

    const production = await buildTestApp();
    const refused = await production.inject({
      method: 'POST',
      url: '/backend/test/clock',
      payload: { offset_ms: DAY_MS },
    });
    expect(refused.statusCode).toBe(404);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);

    const journeys = await buildTestApp({ testClock: true });
    const moved = await journeys.inject({
      method: 'POST',
      url: '/backend/test/clock',
      payload: { offset_ms: DAY_MS },
    });
    expect(moved.json().code).toBe(ResultCode.success);
    expect(Date.parse(moved.json().data.now) - Date.now()).toBeGreaterThan(DAY_MS - 1000);
    const bad = await journeys.inject({
      method: 'POST',
      url: '/backend/test/clock',
      payload: { offset_ms: 'soon' },
    });
    expect(bad.json().code).toBe(ResultCode.validation);
    expect(now().getTime() - Date.now()).toBeGreaterThan(DAY_MS - 1000);
  });
});
