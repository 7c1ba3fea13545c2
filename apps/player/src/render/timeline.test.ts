import { describe, expect, it } from 'vitest';
import {
  correction,
  DRIFT_CORRECT_S,
  expectedMediaTime,
  HARD_SEEK_S,
  nextOccurrence,
  occurrenceAt,
  RATE_LIMIT,
} from './timeline';

const EPOCH = Date.parse('2030-01-01T00:00:00Z');
const DURATIONS = [10_000, 5_000, 15_000]; // a loop of 30 s

describe('occurrenceAt', () => {
  it('finds the item and its turn from the epoch', () => {
    expect(occurrenceAt(DURATIONS, EPOCH, EPOCH)).toEqual({ index: 0, start: EPOCH, end: EPOCH + 10_000 });
    expect(occurrenceAt(DURATIONS, EPOCH, EPOCH + 12_345)).toEqual({
      index: 1,
      start: EPOCH + 10_000,
      end: EPOCH + 15_000,
    });
    // An item's end is the next one's start.
    expect(occurrenceAt(DURATIONS, EPOCH, EPOCH + 15_000).index).toBe(2);
  });

  it('gives every screen the same answer whenever it asks: late, many loops later', () => {
    const late = EPOCH + 1_000 * 30_000 + 29_999.5;
    expect(occurrenceAt(DURATIONS, EPOCH, late)).toEqual({
      index: 2,
      start: EPOCH + 1_000 * 30_000 + 15_000,
      end: EPOCH + 1_001 * 30_000,
    });
  });

  it('works before the epoch too (a screen whose clock is behind)', () => {
    expect(occurrenceAt(DURATIONS, EPOCH, EPOCH - 1)).toEqual({
      index: 2,
      start: EPOCH - 15_000,
      end: EPOCH,
    });
  });

  it('walks the loop turn by turn, meeting occurrenceAt at each boundary', () => {
    let turn = occurrenceAt(DURATIONS, EPOCH, EPOCH + 7_000);
    for (let step = 0; step < 10; step++) {
      turn = nextOccurrence(DURATIONS, turn);
      expect(occurrenceAt(DURATIONS, EPOCH, turn.start)).toEqual(turn);
    }
  });

  it('does not divide by nothing', () => {
    expect(occurrenceAt([], EPOCH, EPOCH + 5).end).toBe(Number.POSITIVE_INFINITY);
    expect(occurrenceAt([0], EPOCH, EPOCH + 5).index).toBe(0);
  });
});

describe('expectedMediaTime', () => {
  it('counts from the turn start, wrapping a looping video around its length', () => {
    expect(expectedMediaTime(EPOCH + 2_500, EPOCH, 10, false)).toBe(2.5);
    expect(expectedMediaTime(EPOCH + 12_500, EPOCH, 10, true)).toBeCloseTo(2.5, 9);
    expect(expectedMediaTime(EPOCH + 12_500, EPOCH, 10, false)).toBe(12.5);
    expect(expectedMediaTime(EPOCH - 100, EPOCH, 10, true)).toBe(0);
  });
});

describe('correction', () => {
  it('leaves a video on time alone', () => {
    expect(correction(5.001, 5, 10, false)).toEqual({ rate: 1, drift: expect.closeTo(0.001, 9) });
  });

  it('slows a video that is ahead and speeds one behind, in proportion', () => {
    const ahead = correction(5.02, 5, 10, false);
    expect(ahead).toEqual({
      rate: expect.closeTo(1 - 0.02 / DRIFT_CORRECT_S, 9),
      drift: expect.closeTo(0.02, 9),
    });
    const behind = correction(4.98, 5, 10, false);
    expect('rate' in behind && behind.rate).toBeCloseTo(1 + 0.02 / DRIFT_CORRECT_S, 9);
  });

  it('keeps the rate within 5 %', () => {
    const far = correction(5 + HARD_SEEK_S * 0.9, 5, 10, false);
    expect('rate' in far && far.rate).toBeCloseTo(1 - RATE_LIMIT, 9);
  });

  it('seeks when too far off to catch up smoothly', () => {
    expect(correction(7, 5, 10, false)).toEqual({ seek: 5, drift: 2 });
  });

  it('measures a looping video the short way across its seam', () => {
    // Shown 9.99 s (about to wrap), expected 0.01 s (wrapped): 20 ms behind, not 9.98 s ahead.
    const seam = correction(9.99, 0.01, 10, true);
    expect(seam.drift).toBeCloseTo(-0.02, 9);
    expect('rate' in seam && seam.rate).toBeGreaterThan(1);
  });
});
