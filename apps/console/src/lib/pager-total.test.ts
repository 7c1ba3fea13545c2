import { describe, expect, it } from 'vitest';
import { pagerTotal } from './pager-total';

const page = (length: number) => Array.from({ length }, (_, id) => ({ id }));

describe('pagerTotal', () => {
  it('is the count when the server counted every match', () => {
    expect(pagerTotal({ list: page(10), total: 57 }, 1, 10)).toBe(57);
    expect(pagerTotal(undefined, 1, 10)).toBe(0);
  });

  it('offers one more page past a capped count while pages come back full', () => {
    expect(pagerTotal({ list: page(10), total: 1000, total_capped: true }, 1, 10)).toBe(1000);
    expect(pagerTotal({ list: page(10), total: 1000, total_capped: true }, 100, 10)).toBe(1001);
    expect(pagerTotal({ list: page(10), total: 1000, total_capped: true }, 101, 10)).toBe(1011);
    expect(pagerTotal({ list: page(4), total: 1000, total_capped: true }, 102, 10)).toBe(1020);
  });
});
