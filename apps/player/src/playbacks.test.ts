import { PLAYBACK_BATCH_LIMIT, type Playback } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexedDbStore, type PlaybackRecord, type PlaybackStore } from './playback-store';
import { MAX_REFUSALS, PlaybackQueue, randomUuid, UPLOAD_EVERY_MS, UPLOAD_WAITING } from './playbacks';

/** A store that keeps its records like IndexedDB would across a reload (a new queue on the same store). */
function diskStore() {
  const disk = new Map<string, PlaybackRecord>();
  const store: PlaybackStore = {
    load: async () => [...disk.values()].map((record) => ({ ...record })),
    put: async (records) => {
      for (const record of records) disk.set(record.uuid, { ...record });
    },
    remove: async (uuids) => {
      for (const uuid of uuids) disk.delete(uuid);
    },
    clear: async () => disk.clear(),
  };
  return { disk, store };
}

const SERVER_OFFSET = 5_000;
let ids = 0;

function queueOf(store: PlaybackStore, send: (playbacks: Playback[]) => Promise<string[]>) {
  return new PlaybackQueue({
    store,
    send,
    serverNow: () => Date.now() + SERVER_OFFSET,
    elapsed: () => Date.now(),
    uuid: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    random: () => 0.5,
  });
}

const acceptAll = () => vi.fn(async (playbacks: Playback[]) => playbacks.map((playback) => playback.uuid));
const item = (content_id: number | null, duration_ms = 10_000) => ({ content_id, duration_ms });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-05-10T10:00:00Z') });
  ids = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PlaybackQueue', () => {
  it('records a playback per item shown: its UUID, content, schedule, server start and duration', async () => {
    const { disk, store } = diskStore();
    const send = acceptAll();
    const queue = queueOf(store, send);
    const end = queue.begin(item(7), 3);
    await vi.advanceTimersByTimeAsync(0);
    expect([...disk.values()][0]).toMatchObject({ content_id: 7, schedule_id: 3, open: true });
    await vi.advanceTimersByTimeAsync(9_500);
    end();
    end();
    queue.begin(item(8), null)();
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toEqual([
      {
        uuid: '00000000-0000-4000-8000-000000000001',
        content_id: 7,
        schedule_id: 3,
        started_at: '2026-05-10T10:00:05.000Z',
        duration_ms: 9_500,
      },
      {
        uuid: '00000000-0000-4000-8000-000000000002',
        content_id: 8,
        schedule_id: null,
        started_at: '2026-05-10T10:00:14.500Z',
        duration_ms: 0,
      },
    ]);
    expect(disk.size).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('does not count built-ins (no library content), nor send items still on screen', async () => {
    const send = acceptAll();
    const queue = queueOf(diskStore().store, send);
    queue.begin(item(null), 1)();
    queue.begin(item(5), 1);
    await queue.flush();
    expect(send).not.toHaveBeenCalled();
    expect(queue.size).toBe(1);
    expect(queue.waiting).toBe(0);
  });

  it('counts an item alone in its zone once per its duration while it stays', async () => {
    const send = acceptAll();
    const queue = queueOf(diskStore().store, send);
    const end = queue.begin(item(4, 10_000), 2, true);
    await vi.advanceTimersByTimeAsync(25_000);
    end();
    await queue.flush();
    const sent = send.mock.calls.flatMap(([playbacks]) => playbacks);
    expect(sent.map((playback) => playback.duration_ms)).toEqual([10_000, 10_000, 5_000]);
    expect(new Set(sent.map((playback) => playback.uuid)).size).toBe(3);
  });

  it('uploads once a minute, in batches of at most PLAYBACK_BATCH_LIMIT', async () => {
    const send = acceptAll();
    const queue = queueOf(diskStore().store, send);
    queue.start();
    for (let i = 0; i < UPLOAD_WAITING - 1; i++) queue.begin(item(1), null)();
    await vi.advanceTimersByTimeAsync(UPLOAD_EVERY_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toHaveLength(UPLOAD_WAITING - 1);
    queue.stop();

    // A big backlog (a day offline) goes in several batches.
    const backlog = queueOf(diskStore().store, send);
    for (let i = 0; i < PLAYBACK_BATCH_LIMIT * 2 + 10; i++) backlog.begin(item(1), null)();
    await vi.advanceTimersByTimeAsync(0);
    await backlog.flush();
    const sizes = send.mock.calls.slice(1).map(([playbacks]) => playbacks.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PLAYBACK_BATCH_LIMIT);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(PLAYBACK_BATCH_LIMIT * 2 + 10);
    expect(backlog.size).toBe(0);
  });

  it('uploads at once when a hundred are waiting', async () => {
    const send = acceptAll();
    const queue = queueOf(diskStore().store, send);
    queue.start();
    for (let i = 0; i < UPLOAD_WAITING; i++) queue.begin(item(1), null)();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toHaveLength(UPLOAD_WAITING);
    queue.stop();
  });

  it('removes exactly the UUIDs the server accepted; the others go again later', async () => {
    const { disk, store } = diskStore();
    const send = vi.fn(async (playbacks: Playback[]) => [playbacks[0]?.uuid as string, 'not-one-of-ours']);
    const queue = queueOf(store, send);
    queue.begin(item(1), null)();
    queue.begin(item(2), null)();
    await queue.flush();
    expect([...disk.values()].map((record) => record.content_id)).toEqual([2]);
    expect(queue.size).toBe(1);
    expect(queue.waiting).toBe(1);
    await queue.flush();
    expect(send.mock.calls[1]?.[0].map((playback) => playback.content_id)).toEqual([2]);
  });

  it('gives up a playback the server answered for MAX_REFUSALS times without accepting it', async () => {
    const send = vi.fn(async () => [] as string[]);
    const queue = queueOf(diskStore().store, send);
    queue.begin(item(1), null)();
    for (let i = 0; i < MAX_REFUSALS; i++) await queue.flush();
    expect(send).toHaveBeenCalledTimes(MAX_REFUSALS);
    expect(queue.size).toBe(0);
  });

  it('loses nothing when an upload fails: it retries with backoff, and sends nothing twice once accepted', async () => {
    const { disk, store } = diskStore();
    const accepted = new Set<string>();
    let down = true;
    const send = vi.fn(async (playbacks: Playback[]) => {
      if (down) throw new TypeError('Failed to fetch');
      for (const playback of playbacks) {
        expect(accepted.has(playback.uuid)).toBe(false);
        accepted.add(playback.uuid);
      }
      return playbacks.map((playback) => playback.uuid);
    });
    const queue = queueOf(store, send);
    queue.start();
    for (let i = 0; i < 5; i++) queue.begin(item(i + 1), null)();
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(disk.size).toBe(5);
    // Backing off: a flush before the retry is due sends nothing.
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
    // Retries keep failing for a while, then the server is back.
    await vi.advanceTimersByTimeAsync(5 * UPLOAD_EVERY_MS);
    expect(send.mock.calls.length).toBeGreaterThan(2);
    expect(disk.size).toBe(5);
    down = false;
    await vi.advanceTimersByTimeAsync(UPLOAD_EVERY_MS);
    expect(accepted.size).toBe(5);
    expect(disk.size).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * UPLOAD_EVERY_MS);
    await queue.flush(true);
    expect(accepted.size).toBe(5);
    queue.stop();
  });

  it('keeps playbacks across a reload: waiting ones, and one left on screen ends as planned', async () => {
    const { disk, store } = diskStore();
    const first = queueOf(store, async () => {
      throw new TypeError('offline');
    });
    first.begin(item(1), 4)();
    first.begin(item(2, 6_000), 4); // on screen when the page goes
    await vi.advanceTimersByTimeAsync(20_000);
    expect(disk.size).toBe(2);

    const send = acceptAll();
    const second = queueOf(store, send);
    second.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.waiting).toBe(2);
    await second.flush();
    expect(second.waiting).toBe(0);
    const sent = send.mock.calls[0]?.[0] ?? [];
    expect(sent.map((playback) => [playback.content_id, playback.duration_ms])).toEqual([
      [1, 0],
      [2, 6_000],
    ]);
    expect(disk.size).toBe(0);
  });

  it('forgets everything when the screen is unpaired', async () => {
    const { disk, store } = diskStore();
    const queue = queueOf(store, acceptAll());
    queue.begin(item(1), null)();
    await queue.clear();
    expect(queue.size).toBe(0);
    expect(disk.size).toBe(0);
  });

  it('has no IndexedDB store where there is no IndexedDB', () => {
    expect(indexedDbStore(null)).toBeNull();
  });

  it('makes version 4 UUIDs without crypto.randomUUID too (plain HTTP has only getRandomValues)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomUuid()).toMatch(v4);
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const made = new Set(Array.from({ length: 50 }, () => randomUuid()));
      expect(made.size).toBe(50);
      for (const uuid of made) expect(uuid).toMatch(v4);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
