import { Worker } from 'node:worker_threads';

// A running SHA-256 per upload, fed with each part once it is written, in order: finish then
// compares that digest with the declared hash instead of reading the whole file once more. The
// hashing runs on a worker thread, beside the requests rather than between them, which reads each
// part back from the upload's file (the page cache) when every part before it is hashed. Whenever
// the digest cannot be trusted to describe the file (the process restarted, another instance took
// some parts, too many parts ran ahead, a part was written a second time) it is dropped, and
// finish hashes the file on disk as before.

/** Parts of one upload written ahead of the next one in order that are waited for. */
const MAX_AHEAD = 64;
/** Uploads followed at once; the oldest is dropped for a new one. */
const MAX_UPLOADS = 32;

/** What the hashing thread (digest-worker.ts) is started with. */
export type DigestWorkerData = { maxAhead: number; maxUploads: number };
/** A part just written: `length` bytes at `offset` of `file`, the `index`th of its upload. */
export type WrittenPart = { index: number; file: string; offset: number; length: number };
export type DigestMessage =
  | { op: 'start' | 'drop'; id: string }
  | ({ op: 'wrote'; id: string } & WrittenPart)
  | { op: 'take'; id: string; partCount: number; ask: number };
export type DigestAnswer = { ask: number; digest?: string };

/**
 * The hashing thread. In the server bundle its module sits beside main.js, built as an entry of
 * its own (scripts/build.mjs); run from the sources (tests, `npm run dev`), it is TypeScript
 * beside this one, loaded through tsx, whose loader a worker thread does not inherit on Node 20.
 */
function startWorker(workerData: DigestWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./digest-worker.js', import.meta.url), { workerData });
  const file = JSON.stringify(new URL('./digest-worker.ts', import.meta.url).href);
  const load = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${file}, ${file}))`;
  return new Worker(load, { eval: true, workerData });
}

export class UploadDigests {
  private worker: Worker | null = null;
  private asked = 0;
  private readonly answers = new Map<number, (digest: string | undefined) => void>();

  /** Follows an upload that holds no part yet (a new one, or one whose parts were discarded). */
  start(id: string) {
    this.started();
    this.post({ op: 'start', id });
  }

  /** A part (not recorded before) was just written to `file`: `length` bytes at `offset`. */
  wrote(id: string, index: number, part: { file: string; offset: number; length: number }) {
    this.post({ op: 'wrote', id, index, ...part });
  }

  /** The SHA-256 of all `partCount` parts when every one was hashed here, in order; forgets the upload. */
  take(id: string, partCount: number): Promise<string | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    const ask = ++this.asked;
    return new Promise((resolve) => {
      this.answers.set(ask, resolve);
      this.post({ op: 'take', id, partCount, ask });
    });
  }

  drop(id: string) {
    this.post({ op: 'drop', id });
  }

  private post(message: DigestMessage) {
    this.worker?.postMessage(message);
  }

  /** Ends the worker; uploads in progress fall back to hashing their file at finish. */
  async close() {
    const worker = this.worker;
    this.worker = null;
    for (const resolve of this.answers.values()) resolve(undefined);
    this.answers.clear();
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker({ maxAhead: MAX_AHEAD, maxUploads: MAX_UPLOADS });
    worker.unref(); // never what keeps the process alive
    worker.on('message', ({ ask, digest }: DigestAnswer) => {
      this.answers.get(ask)?.(digest);
      this.answers.delete(ask);
    });
    // A worker that died takes its digests with it: every finish then reads its file.
    worker.on('error', () => {
      if (this.worker === worker) void this.close();
    });
    this.worker = worker;
    return worker;
  }
}
