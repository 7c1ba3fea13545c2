import { type ContentItem, partCountOf, UPLOAD_CHUNK_SIZE, UploadStatus } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../http';
import { hashFile } from './hash';
import { createUploadQueue, type UploadQueue, type UploadQueueOptions } from './queue';
import { createUploadStore } from './store';
import { fileOf, memoryKeyValue } from './testing';
import type { UploadTransport } from './transport';

// The queue against a fake server that keeps uploads and parts the way the real one does, and
// that can hold parts in flight until the test lets them land.

type Held = { tag: string; uploadId: string; index: number; land: () => void };

function fakeServer() {
  let nextUpload = 1;
  let nextContent = 100;
  const uploads = new Map<string, { hash: string; size: number; parts: Set<number> }>();
  const library = new Map<string, number>();
  const held: Held[] = [];
  const partErrors = new Map<number, unknown[]>();
  const finishErrors: unknown[] = [];
  const calls = { checks: 0, inits: 0, finishes: 0, parts: [] as { tag: string; index: number }[] };
  let hold = false;
  let maxFilesSending = 0;

  const filesSending = () => new Set(held.map((part) => part.uploadId)).size;

  function transport(tag = 'page'): UploadTransport {
    return {
      async check({ hash }) {
        calls.checks += 1;
        const contentId = library.get(hash);
        if (contentId !== undefined) return { content_id: contentId, upload_id: null, parts: [] };
        const found = [...uploads].find(([, upload]) => upload.hash === hash);
        return found
          ? { content_id: null, upload_id: found[0], parts: [...found[1].parts] }
          : { content_id: null, upload_id: null, parts: [] };
      },
      async init({ hash, size }) {
        calls.inits += 1;
        const uploadId = `upload-${nextUpload++}`;
        uploads.set(uploadId, { hash, size, parts: new Set() });
        return {
          upload_id: uploadId,
          part_size: UPLOAD_CHUNK_SIZE,
          part_count: partCountOf(size),
          parts: [],
          expires_at: '',
        };
      },
      sendPart(uploadId, index, bytes, signal) {
        calls.parts.push({ tag, index });
        const error = partErrors.get(index)?.shift();
        return new Promise((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          const land = () => {
            if (error) return reject(error);
            uploads.get(uploadId)?.parts.add(index);
            resolve({ index, received: bytes.size });
          };
          if (!hold) return void setTimeout(land, 0);
          held.push({ tag, uploadId, index, land });
          maxFilesSending = Math.max(maxFilesSending, filesSending());
        });
      },
      async finish(uploadId) {
        calls.finishes += 1;
        const error = finishErrors.shift();
        if (error) throw error;
        const upload = uploads.get(uploadId);
        if (!upload || upload.parts.size !== partCountOf(upload.size))
          throw new ApiError(400001, 'Parts are missing');
        uploads.delete(uploadId);
        const id = nextContent++;
        library.set(upload.hash, id);
        return { id } as ContentItem;
      },
    };
  }

  return {
    transport,
    uploads,
    library,
    held,
    partErrors,
    finishErrors,
    calls,
    maxFilesSending: () => maxFilesSending,
    hold: (on: boolean) => {
      hold = on;
    },
    /** Lets the held parts land (those of one transport, or all). */
    release(tag?: string) {
      for (const part of held.filter((candidate) => tag === undefined || candidate.tag === tag)) {
        held.splice(held.indexOf(part), 1);
        part.land();
      }
    },
    sentBy: (tag: string) => calls.parts.filter((part) => part.tag === tag).map((part) => part.index),
  };
}

type Server = ReturnType<typeof fakeServer>;
type MemoryKeyValue = ReturnType<typeof memoryKeyValue>;

function setup(
  options: Partial<UploadQueueOptions> & { server?: Server; kv?: MemoryKeyValue; tag?: string } = {},
) {
  const { server = fakeServer(), kv = memoryKeyValue(), tag, ...rest } = options;
  const succeeded: number[] = [];
  const sleeps: number[] = [];
  const queue = createUploadQueue({
    transport: server.transport(tag),
    hash: hashFile,
    store: createUploadStore(kv),
    userId: () => 7,
    onSuccess: (id) => succeeded.push(id),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...rest,
  });
  let maxUploading = 0;
  queue.subscribe(() => {
    const uploading = queue.getSnapshot().filter((entry) => entry.status === UploadStatus.uploading).length;
    maxUploading = Math.max(maxUploading, uploading);
  });
  const entry = (name: string) => queue.getSnapshot().find((candidate) => candidate.name === name)!;
  return { queue, server, kv, succeeded, sleeps, entry, maxUploading: () => maxUploading };
}

// vi.waitFor gives up after 1 s: hashing megabytes in a worker that ran many files before, on a busy
// 2-core machine, took longer (the files share a worker: isolate false in vitest.config.ts).
const settles = { timeout: 5_000 };
const MIB = 1024 * 1024;
/** Five parts: four of 2 MiB and one of 1 MiB. */
const FIVE_PARTS = 9 * MIB;

const finished = (queue: UploadQueue) =>
  queue
    .getSnapshot()
    .every((entry) => entry.status === UploadStatus.success || entry.status === UploadStatus.error);

/** Keeps letting held parts land until every file has an outcome. */
async function drain(server: Server, queue: UploadQueue) {
  await vi.waitFor(
    () => {
      server.release();
      expect(finished(queue)).toBe(true);
    },
    { timeout: 10_000, interval: 5 },
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the upload queue', () => {
  it('uploads at most six files at once, and every one of them', async () => {
    const { queue, server, succeeded, maxUploading } = setup();
    server.hold(true);
    queue.add(Array.from({ length: 10 }, (_, index) => ({ file: fileOf(`shot-${index}.png`, 1000) })));
    await vi.waitFor(() => expect(server.held).toHaveLength(6), settles);
    await tick();
    expect(server.held).toHaveLength(6);
    const statuses = queue.getSnapshot().map((entry) => entry.status);
    expect(statuses.filter((status) => status === UploadStatus.uploading)).toHaveLength(6);
    expect(statuses.filter((status) => status === UploadStatus.waiting)).toHaveLength(4);

    await drain(server, queue);
    expect(succeeded).toHaveLength(10);
    expect(maxUploading()).toBe(6);
    expect(server.maxFilesSending()).toBe(6);
    expect(queue.getSnapshot().every((entry) => entry.progress === 100)).toBe(true);
  });

  it('sends a file in 2 MiB parts, three at a time, then finishes it and forgets the stored copy', async () => {
    const { queue, server, kv, succeeded, entry } = setup();
    server.hold(true);
    queue.add([{ file: fileOf('intro.mp4', FIVE_PARTS, 'intro', 'video/mp4'), folderId: 4 }]);
    await vi.waitFor(() => expect(server.held.map((part) => part.index)).toEqual([0, 1, 2]), settles);
    expect(entry('intro.mp4')).toMatchObject({ status: UploadStatus.uploading, hashing: false, progress: 0 });
    expect(kv.size()).toBe(2);

    server.release();
    await vi.waitFor(() => expect(server.held.map((part) => part.index)).toEqual([3, 4]), settles);
    expect(entry('intro.mp4').progress).toBe(66);
    server.release();
    await vi.waitFor(() => expect(entry('intro.mp4').status).toBe(UploadStatus.success), settles);
    expect(entry('intro.mp4')).toMatchObject({ progress: 100, contentId: 100 });
    expect(succeeded).toEqual([100]);
    expect(server.calls.parts.map((part) => part.index).sort()).toEqual([0, 1, 2, 3, 4]);
    await vi.waitFor(() => expect(kv.size()).toBe(0), settles);
  });

  it('pauses after the parts in flight land, and resumes with only the missing ones', async () => {
    const { queue, server, entry, kv } = setup();
    server.hold(true);
    queue.add([{ file: fileOf('tour.mp4', FIVE_PARTS) }]);
    await vi.waitFor(() => expect(server.held).toHaveLength(3), settles);
    const { id } = entry('tour.mp4');

    queue.pause(id);
    expect(entry('tour.mp4')).toMatchObject({ paused: true, status: UploadStatus.waiting });
    server.release();
    await tick();
    expect(server.calls.parts).toHaveLength(3);
    expect(server.calls.finishes).toBe(0);
    expect(server.held).toHaveLength(0);
    await vi.waitFor(async () => {
      const stored = await kv.entries();
      expect(stored.find(([key]) => (key as string[])[0] === 'record')?.[1]).toMatchObject({ paused: true });
    }, settles);

    queue.resume(id);
    await vi.waitFor(() => expect(server.held.map((part) => part.index)).toEqual([3, 4]), settles);
    await drain(server, queue);
    expect(entry('tour.mp4').status).toBe(UploadStatus.success);
    expect(server.calls.parts.map((part) => part.index)).toEqual([0, 1, 2, 3, 4]);
    expect(server.calls.inits).toBe(1);
  });

  it('sends only the parts the server does not hold yet', async () => {
    const { queue, server, entry } = setup();
    const file = fileOf('resume.mp4', FIVE_PARTS);
    const hash = await hashFile(file, () => {}, new AbortController().signal);
    server.uploads.set('upload-earlier', { hash, size: FIVE_PARTS, parts: new Set([0, 2]) });
    queue.add([{ file }]);
    await vi.waitFor(() => expect(entry('resume.mp4').status).toBe(UploadStatus.success), settles);
    expect(server.calls.inits).toBe(0);
    expect(server.calls.parts.map((part) => part.index).sort()).toEqual([1, 3, 4]);
  });

  it('sends nothing for a file the library already has', async () => {
    const { queue, server, entry, succeeded } = setup();
    const file = fileOf('logo.png', 5000);
    server.library.set(await hashFile(file, () => {}, new AbortController().signal), 55);
    queue.add([{ file }]);
    await vi.waitFor(() => expect(entry('logo.png').status).toBe(UploadStatus.success), settles);
    expect(entry('logo.png')).toMatchObject({ contentId: 55, progress: 100 });
    expect(server.calls).toMatchObject({ inits: 0, finishes: 0, parts: [] });
    expect(succeeded).toEqual([55]);
  });

  it('cancels a file: its parts in flight stop, it leaves the list and the store, the next one starts', async () => {
    const { queue, server, kv, entry, succeeded } = setup({ limit: 1 });
    server.hold(true);
    queue.add([{ file: fileOf('first.mp4', FIVE_PARTS) }, { file: fileOf('second.png', 1000) }]);
    await vi.waitFor(() => expect(server.held).toHaveLength(3), settles);
    expect(entry('second.png').status).toBe(UploadStatus.waiting);

    queue.cancel(entry('first.mp4').id);
    expect(queue.getSnapshot().map((candidate) => candidate.name)).toEqual(['second.png']);
    await vi.waitFor(() => expect(entry('second.png').status).toBe(UploadStatus.uploading), settles);
    await drain(server, queue);
    expect(succeeded).toEqual([100]);
    expect(server.calls.finishes).toBe(1);
    await vi.waitFor(() => expect(kv.size()).toBe(0), settles);
  });

  it('retries a failed file from where the server stands', async () => {
    const { queue, server, entry } = setup();
    server.finishErrors.push(new ApiError(500001, 'The server could not assemble the file'));
    queue.add([{ file: fileOf('menu.pdf', 3 * MIB) }]);
    await vi.waitFor(() => expect(entry('menu.pdf').status).toBe(UploadStatus.error), settles);
    expect(entry('menu.pdf').error).toBe('The server could not assemble the file');
    expect(server.calls.parts).toHaveLength(2);

    queue.retry(entry('menu.pdf').id);
    await vi.waitFor(() => expect(entry('menu.pdf').status).toBe(UploadStatus.success), settles);
    expect(entry('menu.pdf').error).toBeNull();
    // The server held both parts: nothing was sent again.
    expect(server.calls.parts).toHaveLength(2);
    expect(server.calls.finishes).toBe(2);
  });

  it('tries a failed part again after 1 s and 2 s, and goes on when it passes', async () => {
    const { queue, server, entry, sleeps } = setup();
    const network = new ApiError(NETWORK_ERROR_CODE, 'The network seems unstable.');
    server.partErrors.set(1, [network, network]);
    queue.add([{ file: fileOf('song.mp3', 3 * MIB) }]);
    await vi.waitFor(() => expect(entry('song.mp3').status).toBe(UploadStatus.success), settles);
    expect(sleeps).toEqual([1000, 2000]);
    expect(server.calls.parts.map((part) => part.index).sort()).toEqual([0, 1, 1, 1]);
  });

  it('fails the file when a part still fails after three retries', async () => {
    const { queue, server, entry, sleeps, succeeded } = setup();
    const busy = new ApiError(503001, 'The server is busy');
    server.partErrors.set(0, [busy, busy, busy, busy]);
    queue.add([{ file: fileOf('long.mp4', MIB) }]);
    await vi.waitFor(() => expect(entry('long.mp4').status).toBe(UploadStatus.error), settles);
    expect(entry('long.mp4')).toMatchObject({ error: 'The server is busy', speed: 0 });
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(server.calls.parts).toHaveLength(4);
    expect(server.calls.finishes).toBe(0);
    expect(succeeded).toEqual([]);
  });

  it('does not retry a part the server refuses', async () => {
    const { queue, server, entry, sleeps } = setup();
    server.partErrors.set(0, [new ApiError(400001, 'Each part must be exactly 2 MB, except the last one')]);
    queue.add([{ file: fileOf('odd.mp4', MIB) }]);
    await vi.waitFor(() => expect(entry('odd.mp4').status).toBe(UploadStatus.error), settles);
    expect(sleeps).toEqual([]);
    expect(server.calls.parts).toHaveLength(1);
  });

  it('stops hashing when paused, and hashes again on resume', async () => {
    const signals: AbortSignal[] = [];
    const hash = vi.fn(
      (_file: Blob, _progress: (bytes: number) => void, signal: AbortSignal) =>
        new Promise<string>((resolve, reject) => {
          signals.push(signal);
          if (signals.length > 1) resolve('a'.repeat(64));
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const { queue, entry } = setup({ hash });
    queue.add([{ file: fileOf('big.png', 1000) }]);
    await vi.waitFor(() => expect(entry('big.png').hashing).toBe(true), settles);
    queue.pause(entry('big.png').id);
    expect(signals[0].aborted).toBe(true);
    expect(entry('big.png')).toMatchObject({ hashing: false, paused: true });
    queue.resume(entry('big.png').id);
    await vi.waitFor(() => expect(entry('big.png').status).toBe(UploadStatus.success), settles);
    expect(hash).toHaveBeenCalledTimes(2);
  });

  it('clears finished files, then closes once nothing runs', async () => {
    const { queue, server, entry } = setup();
    server.partErrors.set(0, [new ApiError(413001, 'Too large')]);
    queue.add([{ file: fileOf('bad.mp4', 1000) }]);
    await vi.waitFor(() => expect(entry('bad.mp4').status).toBe(UploadStatus.error), settles);
    queue.add([{ file: fileOf('good.png', 1000) }]);
    await vi.waitFor(() => expect(entry('good.png').status).toBe(UploadStatus.success), settles);
    queue.clearFinished();
    expect(queue.getSnapshot().map((candidate) => candidate.name)).toEqual(['bad.mp4']);
    queue.dismiss();
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('the upload queue across a reload', () => {
  it('comes back from the store: running files resume with the missing parts, paused ones wait', async () => {
    const kv = memoryKeyValue();
    const server = fakeServer();
    const before = setup({ kv, server, tag: 'before' });
    server.hold(true);
    before.queue.add([
      { file: fileOf('running.mp4', FIVE_PARTS), folderId: 3 },
      { file: fileOf('paused.png', 1000) },
    ]);
    await vi.waitFor(
      () => expect(server.held.filter((part) => part.tag === 'before')).toHaveLength(4),
      settles,
    );
    before.queue.pause(before.entry('paused.png').id);
    // Part 0 of the video lands; then the page goes away with parts 1 and 2 in flight.
    const videoUpload = before.entry('running.mp4').uploadId;
    const firstPart = server.held.find((part) => part.uploadId === videoUpload && part.index === 0)!;
    server.held.splice(server.held.indexOf(firstPart), 1);
    firstPart.land();
    await vi.waitFor(async () => {
      const records = (await kv.entries()).filter(([key]) => (key as string[])[0] === 'record');
      expect(records.map(([, record]) => record)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'running.mp4',
            uploadId: videoUpload,
            status: UploadStatus.uploading,
          }),
          expect.objectContaining({ name: 'paused.png', paused: true }),
        ]),
      );
    }, settles);
    // Another user's leftovers are not resumed, and are dropped.
    await kv.set(['record', 'theirs'], {
      ...before.entry('paused.png'),
      id: 'theirs',
      userId: 8,
      file: undefined,
    });
    await kv.set(['file', 'theirs'], new Blob(['x']));

    const after = setup({ kv, server, tag: 'after' });
    await after.queue.restore();
    expect(after.queue.getSnapshot().map((entry) => [entry.name, entry.paused])).toEqual([
      ['running.mp4', false],
      ['paused.png', true],
    ]);
    expect(after.entry('running.mp4')).toMatchObject({
      folderId: 3,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    await vi.waitFor(
      () => {
        server.release('after');
        expect(after.entry('running.mp4').status).toBe(UploadStatus.success);
      },
      { ...settles, interval: 5 },
    );
    expect(server.sentBy('after').sort()).toEqual([1, 2, 3, 4]);
    expect(after.entry('paused.png').status).toBe(UploadStatus.waiting);
    expect(server.calls.inits).toBe(2);
    const keys = (await kv.entries()).map(([key]) => (key as string[]).join(':')).sort();
    expect(keys).toEqual([`file:${after.entry('paused.png').id}`, `record:${after.entry('paused.png').id}`]);
  });

  it('restores once per user, and forgets everything on reset', async () => {
    const kv = memoryKeyValue();
    const first = setup({ kv });
    first.queue.add([{ file: fileOf('a.png', 1000) }]);
    first.queue.pause(first.entry('a.png').id);
    const second = setup({ kv });
    await second.queue.restore();
    await second.queue.restore();
    expect(second.queue.getSnapshot()).toHaveLength(1);
    await second.queue.reset();
    expect(second.queue.getSnapshot()).toEqual([]);
    expect(kv.size()).toBe(0);
  });
});
