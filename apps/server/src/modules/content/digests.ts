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

// Messages are handled in the order they were posted, so a 'take' sees every part posted before it.
const WORKER_SOURCE = `
const fs = require('node:fs');
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const running = new Map();
let buffer = Buffer.alloc(0);
function hashPart(upload, part) {
  if (buffer.length < part.length) buffer = Buffer.alloc(part.length);
  const fd = fs.openSync(part.file, 'r');
  try {
    let read = 0;
    while (read < part.length) {
      const n = fs.readSync(fd, buffer, read, part.length - read, part.offset + read);
      if (n === 0) throw new Error('the part file is shorter than its parts');
      read += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  upload.hash.update(buffer.subarray(0, part.length));
}
parentPort.on('message', (message) => {
  const { op, id } = message;
  if (op === 'start') {
    running.delete(id);
    if (running.size >= ${MAX_UPLOADS}) running.delete(running.keys().next().value);
    running.set(id, { hash: createHash('sha256'), next: 0, ahead: new Map() });
  } else if (op === 'wrote') {
    const upload = running.get(id);
    if (!upload) return;
    const { index } = message;
    // Written again: the file may now hold other bytes than the ones hashed.
    if (index < upload.next || upload.ahead.has(index)) return void running.delete(id);
    upload.ahead.set(index, message);
    try {
      for (let part = upload.ahead.get(upload.next); part; part = upload.ahead.get(upload.next)) {
        hashPart(upload, part);
        upload.ahead.delete(upload.next);
        upload.next += 1;
      }
    } catch {
      return void running.delete(id); // the file is gone (dropped, swept): no digest
    }
    if (upload.ahead.size > ${MAX_AHEAD}) running.delete(id);
  } else if (op === 'drop') {
    running.delete(id);
  } else if (op === 'take') {
    const upload = running.get(id);
    running.delete(id);
    const digest = upload && upload.next === message.partCount ? upload.hash.digest('hex') : undefined;
    parentPort.postMessage({ ask: message.ask, digest });
  }
});
`;

export class UploadDigests {
  private worker: Worker | null = null;
  private asked = 0;
  private readonly answers = new Map<number, (digest: string | undefined) => void>();

  /** Follows an upload that holds no part yet (a new one, or one whose parts were discarded). */
  start(id: string) {
    this.started().postMessage({ op: 'start', id });
  }

  /** A part (not recorded before) was just written to `file`: `length` bytes at `offset`. */
  wrote(id: string, index: number, part: { file: string; offset: number; length: number }) {
    this.worker?.postMessage({ op: 'wrote', id, index, ...part });
  }

  /** The SHA-256 of all `partCount` parts when every one was hashed here, in order; forgets the upload. */
  take(id: string, partCount: number): Promise<string | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    const ask = ++this.asked;
    return new Promise((resolve) => {
      this.answers.set(ask, resolve);
      this.worker?.postMessage({ op: 'take', id, partCount, ask });
    });
  }

  drop(id: string) {
    if (this.worker) this.worker.postMessage({ op: 'drop', id });
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
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref(); // never what keeps the process alive
    worker.on('message', ({ ask, digest }: { ask: number; digest?: string }) => {
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
