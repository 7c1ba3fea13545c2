// The hashing thread of UploadDigests (digests.ts says why). Messages are handled in the order
// they were posted, so a 'take' sees every part posted before it.
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { DigestAnswer, DigestMessage, DigestWorkerData, WrittenPart } from './digests';

type Running = { hash: Hash; next: number; ahead: Map<number, WrittenPart> };

const { maxAhead, maxUploads } = workerData as DigestWorkerData;
const running = new Map<string, Running>();
let buffer = Buffer.alloc(0);

function hashPart(upload: Running, part: WrittenPart) {
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

function wrote(id: string, part: WrittenPart) {
  const upload = running.get(id);
  if (!upload) return;
  // Written again: the file may now hold other bytes than the ones hashed.
  if (part.index < upload.next || upload.ahead.has(part.index)) {
    running.delete(id);
    return;
  }
  upload.ahead.set(part.index, part);
  try {
    for (let next = upload.ahead.get(upload.next); next; next = upload.ahead.get(upload.next)) {
      hashPart(upload, next);
      upload.ahead.delete(upload.next);
      upload.next += 1;
    }
  } catch {
    running.delete(id); // the file is gone (dropped, swept): no digest
    return;
  }
  if (upload.ahead.size > maxAhead) running.delete(id);
}

parentPort?.on('message', (message: DigestMessage) => {
  switch (message.op) {
    case 'start': {
      running.delete(message.id);
      const oldest = running.keys().next();
      if (running.size >= maxUploads && !oldest.done) running.delete(oldest.value);
      running.set(message.id, { hash: createHash('sha256'), next: 0, ahead: new Map() });
      break;
    }
    case 'wrote':
      wrote(message.id, message);
      break;
    case 'drop':
      running.delete(message.id);
      break;
    case 'take': {
      const upload = running.get(message.id);
      running.delete(message.id);
      const digest = upload && upload.next === message.partCount ? upload.hash.digest('hex') : undefined;
      parentPort?.postMessage({ ask: message.ask, digest } satisfies DigestAnswer);
      break;
    }
  }
});
