import type { Pin } from './pin';

/** Cache Storage in memory, for the upgrade's tests (happy-dom has none). */
export function memoryCaches(): CacheStorage & { entries: Map<string, Map<string, Response>> } {
  const entries = new Map<string, Map<string, Response>>();
  const cacheOf = (files: Map<string, Response>) =>
    ({
      put: async (url: RequestInfo | URL, response: Response) => void files.set(String(url), response),
      match: async (url: RequestInfo | URL) => files.get(String(url))?.clone(),
    }) as unknown as Cache;
  return {
    entries,
    open: async (name: string) => {
      if (!entries.has(name)) entries.set(name, new Map());
      return cacheOf(entries.get(name)!);
    },
    has: async (name: string) => entries.has(name),
    delete: async (name: string) => entries.delete(name),
    keys: async () => [...entries.keys()],
    match: async () => undefined,
  };
}

/** A pin of version 1.22.0 for plan 7, not yet healthy, with these fields changed. */
export const pinOf = (fields: Partial<Pin> = {}): Pin => ({
  version: '1.22.0',
  previous: null,
  plan_id: 7,
  healthy: false,
  boots: 0,
  ...fields,
});

/** Every item of an async iterable, in order (Node 20 has no Array.fromAsync). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
