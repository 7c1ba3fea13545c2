import {
  httpStatusOf,
  partCountOf,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_QUEUE_LIMIT,
  UploadStatus,
} from '@vitrine/contract';
import { ApiError, NETWORK_ERROR_CODE } from '../http';
import { createSpeedMeter } from './speed';
import type { StoredUpload, UploadRecord, UploadStore } from './store';
import type { UploadTransport } from './transport';

// The upload queue (spec 000 §4, §9; ARCHITECTURE §8): at most six files at once, each hashed,
// checked (already stored? partly sent?), initialised, sent in 2 MiB parts a few at a time and
// finished. Pause lets the parts in flight land; a reload or a retry asks the server again which
// parts it holds and sends only the others.

/** Parts of one file in flight at once. */
export const PARTS_PER_FILE = 3;
/** A failed part is tried again this many times, waiting 1 s, 2 s, 4 s, before its file fails. */
export const PART_RETRIES = 3;
export const PART_BACKOFF_MS = 1000;

/** One file of the queue as the panel shows it. */
export type UploadEntry = UploadRecord & {
  file: Blob;
  /** Reading the file for its fingerprint, before any part is sent (shown within "uploading"). */
  hashing: boolean;
  /** 0–100: of the hashing while hashing, else of the bytes the server holds. */
  progress: number;
  /** Bytes per second over the last seconds. */
  speed: number;
  contentId: number | null;
};

export type NewUpload = { file: File; folderId?: number | null; width?: number; height?: number };

export type Hasher = (
  file: Blob,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
) => Promise<string>;

export type UploadQueueOptions = {
  transport: UploadTransport;
  hash: Hasher;
  store: UploadStore;
  /** The signed-in user, who owns what is queued now and what is restored. */
  userId: () => number | null;
  /** A file reached the library (sent now or already there). */
  onSuccess: (contentId: number) => void;
  limit?: number;
  partsPerFile?: number;
  retries?: number;
  backoffMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

export type UploadQueue = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly UploadEntry[];
  add: (files: readonly NewUpload[]) => void;
  pause: (id: string) => void;
  resume: (id: string) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  /** Drops the files that are done. */
  clearFinished: () => void;
  /** Drops every file that is done or failed: closing the panel once nothing runs. */
  dismiss: () => void;
  /** Brings back the signed-in user's unfinished files after a reload; running ones start again. */
  restore: () => Promise<void>;
  /** Stops everything and forgets it, stored copies included (sign-out). */
  reset: () => Promise<void>;
};

type Run = { controller: AbortController; stopping: boolean };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Network failures, server faults and rate limits may pass on a second try; a refusal will not. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const status = httpStatusOf(error.code);
  return error.code === NETWORK_ERROR_CODE || status >= 500 || status === 429;
}

const failureOf = (error: unknown): string | null => (error instanceof ApiError ? error.message : null);
const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part / whole) * 100) : 100);
const partBytes = (size: number, index: number) =>
  Math.min(UPLOAD_CHUNK_SIZE, size - index * UPLOAD_CHUNK_SIZE);
const ignore = () => {};
// Unique within this browser's queue; crypto.randomUUID exists only on HTTPS, and the console
// may be served over plain HTTP.
let sequence = 0;
const localId = () =>
  `${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2)}`;

function recordOf(entry: UploadEntry): UploadRecord {
  const {
    file: _file,
    hashing: _hashing,
    progress: _progress,
    speed: _speed,
    contentId: _id,
    ...record
  } = entry;
  return record;
}

const active = (entry: UploadEntry) =>
  entry.status === UploadStatus.waiting || entry.status === UploadStatus.uploading;

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const {
    transport,
    store,
    userId,
    onSuccess,
    limit = UPLOAD_QUEUE_LIMIT,
    partsPerFile = PARTS_PER_FILE,
    retries = PART_RETRIES,
    backoffMs = PART_BACKOFF_MS,
    now = Date.now,
    sleep = wait,
  } = options;
  let entries: readonly UploadEntry[] = [];
  const runs = new Map<string, Run>();
  const listeners = new Set<() => void>();
  let restoredFor: number | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const find = (id: string) => entries.find((entry) => entry.id === id);

  /** Changes one entry; `persist` writes its record when the change is one a reload must know. */
  function patch(id: string, changes: Partial<UploadEntry>, persist = false): void {
    const current = find(id);
    if (!current) return;
    const changed = { ...current, ...changes };
    entries = entries.map((entry) => (entry === current ? changed : entry));
    // A failed write only costs the resumption after a reload; the upload itself goes on.
    if (persist) store.update(recordOf(changed)).catch(ignore);
    emit();
  }

  function drop(ids: ReadonlySet<string>): void {
    if (ids.size === 0) return;
    entries = entries.filter((entry) => !ids.has(entry.id));
    for (const id of ids) store.remove(id).catch(ignore);
    emit();
  }

  function pump(): void {
    for (const entry of entries) {
      if (runs.size >= limit) return;
      if (entry.status === UploadStatus.waiting && !entry.paused && !runs.has(entry.id)) void run(entry.id);
    }
  }

  async function sendPart(uploadId: string, index: number, bytes: Blob, signal: AbortSignal) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await transport.sendPart(uploadId, index, bytes, signal);
      } catch (error) {
        if (signal.aborted || attempt >= retries || !isRetryable(error)) throw error;
        await sleep(backoffMs * 2 ** attempt, signal);
      }
    }
  }

  /** Sends the parts the server lacks, a few at a time; false when paused before the last one. */
  async function sendParts(entry: UploadEntry, run: Run, uploadId: string, held: readonly number[]) {
    const { signal } = run.controller;
    const count = partCountOf(entry.size);
    const have = new Set(held.filter((index) => index >= 0 && index < count));
    const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !have.has(index));
    let received = [...have].reduce((sum, index) => sum + partBytes(entry.size, index), 0);
    const meter = createSpeedMeter(now());
    patch(entry.id, { progress: percent(received, entry.size) });

    let next = 0;
    const failures: unknown[] = [];
    const worker = async () => {
      while (!run.stopping && failures.length === 0 && next < missing.length) {
        const index = missing[next];
        next += 1;
        const start = index * UPLOAD_CHUNK_SIZE;
        const bytes = entry.file.slice(start, start + partBytes(entry.size, index));
        try {
          await sendPart(uploadId, index, bytes, signal);
        } catch (error) {
          failures.push(error);
          // The other parts of a failed file are not worth waiting for.
          run.controller.abort();
          return;
        }
        received += bytes.size;
        meter.add(bytes.size, now());
        patch(entry.id, { progress: percent(received, entry.size), speed: meter.rate(now()) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(partsPerFile, missing.length) }, worker));
    if (failures.length > 0) throw failures[0];
    return !run.stopping;
  }

  /** The whole protocol for one file: its content id, or null when paused on the way. */
  async function transfer(id: string, run: Run): Promise<number | null> {
    const { signal } = run.controller;
    const entry = find(id);
    if (!entry) return null;
    let { hash } = entry;
    if (hash === null) {
      patch(id, { hashing: true, progress: 0 });
      hash = await options.hash(
        entry.file,
        (bytes) => patch(id, { progress: percent(bytes, entry.size) }),
        signal,
      );
      patch(id, { hash, hashing: false, progress: 0 }, true);
    }
    if (run.stopping) return null;
    const check = await transport.check({ hash, size: entry.size }, signal);
    if (check.content_id !== null) return check.content_id;
    let { upload_id: uploadId, parts } = check;
    if (uploadId === null) {
      ({ upload_id: uploadId, parts } = await transport.init(
        {
          hash,
          size: entry.size,
          name: entry.name,
          mime: entry.mime,
          width: entry.width ?? undefined,
          height: entry.height ?? undefined,
          folder_id: entry.folderId ?? undefined,
        },
        signal,
      ));
    }
    patch(id, { uploadId }, true);
    if (!(await sendParts(entry, run, uploadId, parts))) return null;
    const item = await transport.finish(uploadId, signal);
    return item.id;
  }

  async function run(id: string): Promise<void> {
    const current: Run = { controller: new AbortController(), stopping: false };
    runs.set(id, current);
    patch(id, { status: UploadStatus.uploading, error: null, speed: 0 }, true);
    try {
      const contentId = await transfer(id, current);
      // Finished even if paused meanwhile: the file is in the library. A cancelled one stays gone.
      if (contentId !== null && find(id)) {
        patch(id, {
          status: UploadStatus.success,
          paused: false,
          hashing: false,
          progress: 100,
          speed: 0,
          contentId,
        });
        store.remove(id).catch(ignore);
        onSuccess(contentId);
      }
    } catch (error) {
      // Paused or cancelled: the entry already says so.
      if (!current.stopping && find(id)) {
        patch(id, { status: UploadStatus.error, error: failureOf(error), hashing: false, speed: 0 }, true);
      }
    } finally {
      runs.delete(id);
      pump();
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,

    add(files) {
      const owner = userId();
      if (owner === null || files.length === 0) return;
      const added = files.map(
        ({ file, folderId = null, width, height }, index): UploadEntry => ({
          id: localId(),
          userId: owner,
          name: file.name,
          size: file.size,
          mime: file.type,
          folderId,
          width: width ?? null,
          height: height ?? null,
          hash: null,
          uploadId: null,
          status: UploadStatus.waiting,
          paused: false,
          error: null,
          addedAt: now() + index,
          file,
          hashing: false,
          progress: 0,
          speed: 0,
          contentId: null,
        }),
      );
      entries = [...entries, ...added];
      for (const entry of added) store.add(recordOf(entry), entry.file).catch(ignore);
      emit();
      pump();
    },

    pause(id) {
      const entry = find(id);
      if (!entry || !active(entry) || entry.paused) return;
      const current = runs.get(id);
      if (current) {
        current.stopping = true;
        // Hashing is only reading: stop it now. Parts in flight are let land.
        if (entry.hashing) current.controller.abort();
      }
      patch(id, { paused: true, status: UploadStatus.waiting, hashing: false, speed: 0 }, true);
    },

    resume(id) {
      if (!find(id)?.paused) return;
      patch(id, { paused: false }, true);
      pump();
    },

    cancel(id) {
      const current = runs.get(id);
      if (current) {
        current.stopping = true;
        current.controller.abort();
      }
      // The server's abandoned upload expires by itself.
      drop(new Set([id]));
    },

    retry(id) {
      if (find(id)?.status !== UploadStatus.error) return;
      patch(id, { status: UploadStatus.waiting, error: null, progress: 0 }, true);
      pump();
    },

    clearFinished() {
      drop(
        new Set(entries.filter((entry) => entry.status === UploadStatus.success).map((entry) => entry.id)),
      );
    },

    dismiss() {
      drop(new Set(entries.filter((entry) => !active(entry)).map((entry) => entry.id)));
    },

    async restore() {
      const owner = userId();
      if (owner === null || restoredFor === owner) return;
      restoredFor = owner;
      const stored = await store.load().catch((): StoredUpload[] => []);
      const known = new Set(entries.map((entry) => entry.id));
      const back: UploadEntry[] = [];
      for (const { record, file } of stored) {
        if (record.userId !== owner || record.status === UploadStatus.success) {
          store.remove(record.id).catch(ignore);
        } else if (!known.has(record.id)) {
          back.push({
            ...record,
            // It was running when the page went away: it runs again.
            status: record.status === UploadStatus.error ? UploadStatus.error : UploadStatus.waiting,
            file,
            hashing: false,
            progress: 0,
            speed: 0,
            contentId: null,
          });
        }
      }
      if (back.length === 0) return;
      entries = [...entries, ...back];
      emit();
      pump();
    },

    async reset() {
      restoredFor = null;
      for (const current of runs.values()) {
        current.stopping = true;
        current.controller.abort();
      }
      entries = [];
      emit();
      await store.clear().catch(ignore);
    },
  };
}
