import type { UploadStatus } from '@vitrine/contract';
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';

// The upload queue kept in IndexedDB, so that a reload resumes it (spec 000 §4, ARCHITECTURE §8).
// Structured clone stores the File itself. Each entry is two keys: its file, written once, and
// its record, rewritten on every change of state — rewriting the file each time would copy up to
// a gigabyte again.

/** What is kept of one queued file besides its bytes. */
export type UploadRecord = {
  id: string;
  /** Whose queue it is: another user signing in on the same browser never resumes it. */
  userId: number;
  name: string;
  size: number;
  mime: string;
  folderId: number | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  uploadId: string | null;
  status: UploadStatus;
  paused: boolean;
  /** Why it failed: the server's message, or null when the file itself could not be read. */
  error: string | null;
  addedAt: number;
};

export type StoredUpload = { record: UploadRecord; file: Blob };

export type UploadStore = {
  add: (record: UploadRecord, file: Blob) => Promise<void>;
  update: (record: UploadRecord) => Promise<void>;
  /** Every complete entry, oldest first; halves left by an interrupted write are dropped. */
  load: () => Promise<StoredUpload[]>;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
};

/** The part of idb-keyval the store uses, bound to one object store. */
export type KeyValueStore = {
  set: (key: IDBValidKey, value: unknown) => Promise<void>;
  del: (key: IDBValidKey) => Promise<void>;
  entries: () => Promise<[IDBValidKey, unknown][]>;
  clear: () => Promise<void>;
};

const recordKey = (id: string): IDBValidKey => ['record', id];
const fileKey = (id: string): IDBValidKey => ['file', id];

// Both halves of an entry are written or deleted in one synchronous step: IndexedDB runs
// transactions in the order they are opened, so a later update never lands before them.
export function createUploadStore(kv: KeyValueStore): UploadStore {
  const remove = async (id: string) => {
    await Promise.all([kv.del(recordKey(id)), kv.del(fileKey(id))]);
  };
  return {
    async add(record, file) {
      await Promise.all([kv.set(fileKey(record.id), file), kv.set(recordKey(record.id), record)]);
    },
    update: (record) => kv.set(recordKey(record.id), record),
    async load() {
      const records = new Map<string, UploadRecord>();
      const files = new Map<string, Blob>();
      for (const [key, value] of await kv.entries()) {
        if (!Array.isArray(key)) continue;
        const [kind, id] = key as [string, string];
        if (kind === 'record') records.set(id, value as UploadRecord);
        else if (kind === 'file') files.set(id, value as Blob);
      }
      const complete: StoredUpload[] = [];
      for (const id of new Set([...records.keys(), ...files.keys()])) {
        const record = records.get(id);
        const file = files.get(id);
        if (record && file) complete.push({ record, file });
        else await remove(id);
      }
      return complete.sort((a, b) => a.record.addedAt - b.record.addedAt);
    },
    remove,
    clear: () => kv.clear(),
  };
}

/**
 * idb-keyval's functions on the console's own database, opened on first use. Where IndexedDB is
 * missing (some private modes) every call rejects, and uploads simply do not survive a reload.
 */
export function idbKeyValue(database = 'vitrine-uploads'): KeyValueStore {
  let store: UseStore | undefined;
  const use = () => {
    store ??= createStore(database, 'queue');
    return store;
  };
  return {
    set: async (key, value) => set(key, value, use()),
    del: async (key) => del(key, use()),
    entries: async () => entries(use()),
    clear: async () => clear(use()),
  };
}

/** The store of a queue whose files are not resumed after a reload (an OTA package's one file). */
export const unkeptStore: UploadStore = {
  add: async () => {},
  update: async () => {},
  load: async () => [],
  remove: async () => {},
  clear: async () => {},
};
