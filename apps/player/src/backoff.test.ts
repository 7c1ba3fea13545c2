import { describe, expect, it } from 'vitest';
import { backoffDelay, jittered } from './backoff';

describe('backoffDelay', () => {
  it('stays between 0 and 1 s·2^attempt', () => {
    expect(backoffDelay(0, () => 0)).toBe(0);
    expect(backoffDelay(0, () => 0.999)).toBeLessThan(1_000);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
  });

  it('never exceeds 60 s, however many attempts failed', () => {
    expect(backoffDelay(6, () => 0.9999)).toBeLessThan(60_000);
    expect(backoffDelay(50, () => 0.9999)).toBeLessThan(60_000);
    expect(backoffDelay(50, () => 0.5)).toBe(30_000);
  });
});

describe('jittered', () => {
  it('spreads a period by ±20%', () => {
    expect(jittered(30_000, () => 0)).toBe(24_000);
    expect(jittered(30_000, () => 1)).toBe(36_000);
    expect(jittered(30_000, () => 0.5)).toBe(30_000);
  });
});
