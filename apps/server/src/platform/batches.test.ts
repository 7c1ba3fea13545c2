import DataLoader from 'dataloader';
import { describe, expect, it } from 'vitest';
import { BatchGate } from './batches';

/** A loader through `gate` whose batches wait until released; answers each key doubled. */
function gatedLoader(gate: BatchGate) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const loader = new DataLoader(
    gate.holding(async (keys: readonly number[]) => {
      batches.push([...keys]);
      await new Promise<void>((resolve) => pending.push(resolve));
      return keys.map((key) => key * 2);
    }),
    gate.options(3),
  );
  // A few turns: a freed slot's batch goes on the turn after the one that freed it.
  const settle = async () => {
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { loader, batches, release: () => pending.shift()?.(), settle };
}

describe('BatchGate', () => {
  it('sends one batch per free slot; later keys gather until a slot frees, up to the batch size', async () => {
    const gate = new BatchGate(1);
    const { loader, batches, release, settle } = gatedLoader(gate);
    const first = loader.load(1);
    await settle();
    expect(batches).toEqual([[1]]);
    // The slot is busy: keys of several later turns wait together, three to a batch.
    const later = [loader.load(2), loader.load(3)];
    await settle();
    later.push(loader.load(4), loader.load(5));
    await settle();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(2);
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release();
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    release();
    expect(await Promise.all(later)).toEqual([4, 6, 8, 10]);
  });

  it('frees the slot of a batch that failed', async () => {
    const gate = new BatchGate(1);
    const loader = new DataLoader(
      gate.holding(async (keys: readonly number[]) => {
        if (keys.includes(0)) throw new Error('no');
        return [...keys];
      }),
      gate.options(10),
    );
    await expect(loader.load(0)).rejects.toThrow('no');
    expect(await loader.load(7)).toBe(7);
  });
});
