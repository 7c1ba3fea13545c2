import { describe, expect, it } from 'vitest';
import { leftToRight } from './bidi';

describe('leftToRight', () => {
  it('wraps the text in a left-to-right isolate', () => {
    expect(leftToRight('11-27-2026')).toBe('\u206611-27-2026\u2069');
  });
});
