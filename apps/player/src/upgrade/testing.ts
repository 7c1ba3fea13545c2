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
