import type { KeyValueStore } from './store';

// Test helpers of the upload engine: IndexedDB does not exist in happy-dom, so the store runs
// over this in-memory key-value store, which copies records the way structured clone does.

export function memoryKeyValue(): KeyValueStore & { size: () => number } {
  const items = new Map<string, [IDBValidKey, unknown]>();
  const copy = (value: unknown) => (value instanceof Blob ? value : structuredClone(value));
  return {
    set: async (key, value) => {
      items.set(JSON.stringify(key), [key, copy(value)]);
    },
    del: async (key) => {
      items.delete(JSON.stringify(key));
    },
    entries: async () =>
      [...items.values()].map(([key, value]): [IDBValidKey, unknown] => [key, copy(value)]),
    clear: async () => items.clear(),
    size: () => items.size,
  };
}

/** A file of `size` bytes whose first bytes spell `seed`, so that different seeds hash differently. */
export function fileOf(name: string, size: number, seed = name, type = ''): File {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode(seed).subarray(0, size));
  return new File([bytes], name, { type });
}
