import { describe, expect, it } from 'vitest';
import { PassOrder, shuffled } from './order';

/** A repeatable random source. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const take = <T>(order: PassOrder<T>, count: number) => Array.from({ length: count }, () => order.next());

describe('shuffled', () => {
  it('keeps every item once', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(shuffled(items, seeded(3)).sort()).toEqual(items);
  });
});

describe('PassOrder', () => {
  it('plays in order, pass after pass', () => {
    expect(take(new PassOrder(['a', 'b', 'c'], false), 7)).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('shuffles each pass anew, every item once a pass', () => {
    const items = Array.from({ length: 8 }, (_, i) => i);
    const order = new PassOrder(items, true, seeded(7));
    const passes = [take(order, 8), take(order, 8), take(order, 8)];
    for (const pass of passes) expect([...pass].sort()).toEqual(items);
    expect(new Set(passes.map((pass) => pass.join())).size).toBeGreaterThan(1);
  });

  it('never repeats an item across the seam of two shuffled passes', () => {
    for (let seed = 1; seed < 200; seed++) {
      const order = new PassOrder(['a', 'b', 'c'], true, seeded(seed));
      const played = take(order, 30);
      for (let i = 1; i < played.length; i++) expect(played[i]).not.toBe(played[i - 1]);
    }
  });

  it('repeats a single item and gives nothing for none', () => {
    expect(take(new PassOrder(['a'], true), 3)).toEqual(['a', 'a', 'a']);
    expect(new PassOrder([], false).next()).toBeUndefined();
  });

  it('starts at a given item, then goes on in order', () => {
    const order = new PassOrder(['a', 'b', 'c'], false);
    order.startAt((item) => item === 'b');
    expect(take(order, 5)).toEqual(['b', 'c', 'a', 'b', 'c']);
    const unknown = new PassOrder(['a', 'b'], false);
    unknown.startAt((item) => item === 'z');
    expect(take(unknown, 2)).toEqual(['a', 'b']);
  });
});
