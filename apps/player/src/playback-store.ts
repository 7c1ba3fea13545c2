import type { Playback } from '@vitrine/contract';

// Where proof of play waits for the server: IndexedDB, which survives a reload and a restart and
// exists on plain HTTP as well (unlike Cache Storage), and holds far more than localStorage.

/** A playback as kept: `open` while its item is on screen; `refusals` counts answers that did not accept it. */
export type PlaybackRecord = Playback & { open: boolean; planned_ms: number; refusals: number };

export type PlaybackStore = {
  load(): Promise<PlaybackRecord[]>;
  put(records: readonly PlaybackRecord[]): Promise<void>;
  remove(uuids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
};

const DB_NAME = 'vitrine-player';
const DB_VERSION = 1;
const STORE = 'playbacks';

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve();
      request.onabort = request.onerror = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });

/** The IndexedDB store; null where IndexedDB is missing (then playbacks live in memory only). */
export function indexedDbStore(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
): PlaybackStore | null {
  if (!factory) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'uuid' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error) => {
      opened = null; // try again next time
      throw error;
    });
    return opened;
  };
  const write = async (change: (store: IDBObjectStore) => void) => {
    const transaction = (await db()).transaction(STORE, 'readwrite');
    change(transaction.objectStore(STORE));
    await done(transaction);
  };
  return {
    async load() {
      const request = (await db()).transaction(STORE, 'readonly').objectStore(STORE).getAll();
      await done(request);
      return request.result as PlaybackRecord[];
    },
    put: (records) =>
      write((store) => {
        for (const record of records) store.put(record);
      }),
    remove: (uuids) =>
      write((store) => {
        for (const uuid of uuids) store.delete(uuid);
      }),
    clear: () =>
      write((store) => {
        store.clear();
      }),
  };
}

/** A store that keeps nothing (no IndexedDB): the queue's memory is all there is. */
export const memoryStore = (): PlaybackStore => ({
  load: async () => [],
  put: async () => {},
  remove: async () => {},
  clear: async () => {},
});
