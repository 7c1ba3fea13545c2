import { PLAYBACK_BATCH_LIMIT, type Playback, type PlayItem } from '@vitrine/contract';
import { backoffDelay } from './backoff';
import type { PlaybackRecord, PlaybackStore } from './playback-store';

// Proof of play (ARCHITECTURE §7): every item shown gets a UUID when it starts and is kept, on
// disk, until the server has acknowledged that UUID. Uploads go in batches, once a minute or as
// soon as enough are waiting; a failed upload is retried with backoff and loses nothing. The
// server keeps each UUID once, so a batch whose answer was lost can be sent again safely.

/** Uploads happen this often… */
export const UPLOAD_EVERY_MS = 60_000;
/** …or as soon as this many playbacks are waiting. */
export const UPLOAD_WAITING = 100;
/** A playback the server answered for this many times without accepting it is given up. */
export const MAX_REFUSALS = 5;
/** The longest playback the server takes (playbacksRequestSchema). */
const MAX_DURATION_MS = 7 * 86_400_000;
/** A lone item stays on screen for good: it counts once per this much of its duration at least. */
const MIN_REPEAT_MS = 1_000;

export type PlaybackDeps = {
  store: PlaybackStore;
  /** POST the batch; resolves with the UUIDs accepted, throws when it could not be delivered. */
  send: (playbacks: Playback[]) => Promise<string[]>;
  /** Server time (ms): started_at. */
  serverNow: () => number;
  /** A monotonic clock (ms) for durations and retries. */
  elapsed?: () => number;
  uuid?: () => string;
  random?: () => number;
};

/** A version 4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const toPlayback = ({
  uuid,
  content_id,
  schedule_id,
  started_at,
  duration_ms,
  sensor_id,
}: PlaybackRecord): Playback => ({
  uuid,
  content_id,
  schedule_id,
  started_at,
  duration_ms,
  // Only a sensor schedule's playbacks name the tag that put them on screen.
  ...(sensor_id ? { sensor_id } : {}),
});

export class PlaybackQueue {
  private readonly records = new Map<string, PlaybackRecord>();
  private readonly loaded: Promise<void>;
  private readonly elapsed: () => number;
  private readonly uuid: () => string;
  /** Ended ones among records (counted, as every item's end asks). */
  private ended = 0;
  private sending = false;
  private failures = 0;
  private retryAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(private readonly deps: PlaybackDeps) {
    this.elapsed = deps.elapsed ?? (() => performance.now());
    this.uuid = deps.uuid ?? randomUuid;
    this.loaded = this.load();
  }

  /** Playbacks kept (open ones included). */
  get size(): number {
    return this.records.size;
  }

  /** Ended playbacks waiting for the server. */
  get waiting(): number {
    return this.ended;
  }

  /**
   * An item starts on screen for a schedule (null: the default content); call the answer when it
   * leaves. Built-ins (clock, text) are not library content and are not counted. An item alone in
   * its zone stays on: it counts once per its duration.
   */
  begin(
    item: Pick<PlayItem, 'content_id' | 'duration_ms'>,
    scheduleId: number | null,
    alone = false,
    /** The tag whose read put it on screen (a sensor schedule's trigger, logged with the playback). */
    sensorId: string | null = null,
  ): () => void {
    const contentId = item.content_id;
    if (contentId === null) return () => {};
    let startedAt = this.elapsed();
    let record = this.open(contentId, scheduleId, item.duration_ms, sensorId);
    const repeat = alone
      ? setInterval(
          () => {
            this.close(record, startedAt);
            startedAt = this.elapsed();
            record = this.open(contentId, scheduleId, item.duration_ms, sensorId);
          },
          Math.max(MIN_REPEAT_MS, item.duration_ms),
        )
      : undefined;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      clearInterval(repeat);
      this.close(record, startedAt);
    };
  }

  /** Uploads every 60 s (and on demand); stop() ends it. */
  start(): void {
    this.running = true;
    this.schedule(UPLOAD_EVERY_MS);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Uploads what is waiting now, unless a retry is not due yet (force: it is). */
  async flush(force = false): Promise<void> {
    await this.loaded;
    if (this.sending) return;
    if (force) this.retryAt = 0;
    if (this.elapsed() < this.retryAt) return;
    this.sending = true;
    try {
      for (;;) {
        const batch: PlaybackRecord[] = [];
        for (const record of this.records.values()) {
          if (record.open) continue;
          batch.push(record);
          if (batch.length === PLAYBACK_BATCH_LIMIT) break;
        }
        if (batch.length === 0) return;
        let accepted: Set<string>;
        try {
          accepted = new Set(await this.deps.send(batch.map(toPlayback)));
        } catch {
          // Unreachable, busy or refused: everything stays; try again later.
          this.failures++;
          const delay = Math.max(1_000, backoffDelay(this.failures, this.deps.random));
          this.retryAt = this.elapsed() + delay;
          this.schedule(delay);
          return;
        }
        this.failures = 0;
        this.retryAt = 0;
        const gone: string[] = [];
        const refused: PlaybackRecord[] = [];
        for (const record of batch) {
          if (accepted.has(record.uuid) || ++record.refusals >= MAX_REFUSALS) {
            if (this.records.delete(record.uuid)) this.ended--;
            gone.push(record.uuid);
          } else refused.push(record);
        }
        await this.persist(() => this.deps.store.remove(gone));
        if (refused.length > 0) {
          await this.persist(() => this.deps.store.put(refused));
          return; // the rest waits for the next round rather than being refused again now
        }
        if (batch.length < PLAYBACK_BATCH_LIMIT) return;
      }
    } finally {
      this.sending = false;
    }
  }

  /** Forgets everything (the screen was unpaired: its playbacks belong to a device that is gone). */
  async clear(): Promise<void> {
    await this.loaded;
    this.records.clear();
    this.ended = 0;
    await this.persist(() => this.deps.store.clear());
  }

  private open(
    contentId: number,
    scheduleId: number | null,
    plannedMs: number,
    sensorId: string | null,
  ): PlaybackRecord {
    const record: PlaybackRecord = {
      uuid: this.uuid(),
      content_id: contentId,
      schedule_id: scheduleId,
      started_at: new Date(this.deps.serverNow()).toISOString(),
      duration_ms: 0,
      sensor_id: sensorId,
      open: true,
      planned_ms: Math.max(0, Math.round(plannedMs)),
      refusals: 0,
    };
    this.records.set(record.uuid, record);
    void this.persist(() => this.deps.store.put([record]));
    return record;
  }

  private close(record: PlaybackRecord, startedAt: number): void {
    record.open = false;
    record.duration_ms = Math.min(MAX_DURATION_MS, Math.max(0, Math.round(this.elapsed() - startedAt)));
    // Accepted and gone meanwhile (it cannot be: open ones are not sent), or cleared: keep it gone.
    if (!this.records.has(record.uuid)) return;
    this.ended++;
    void this.persist(() => this.deps.store.put([record]));
    if (this.waiting >= UPLOAD_WAITING) void this.flush();
  }

  /** Takes what an earlier run kept; one left open (the page went away meanwhile) ends as planned. */
  private async load(): Promise<void> {
    let saved: PlaybackRecord[] = [];
    try {
      saved = await this.deps.store.load();
    } catch {
      return; // no storage: memory only
    }
    const closed: PlaybackRecord[] = [];
    for (const record of saved) {
      if (this.records.has(record.uuid)) continue;
      if (record.open) {
        const ran = this.deps.serverNow() - Date.parse(record.started_at);
        record.open = false;
        record.duration_ms = Math.min(MAX_DURATION_MS, record.planned_ms, Math.max(0, Math.round(ran)));
        closed.push(record);
      }
      this.records.set(record.uuid, record);
      this.ended++;
    }
    if (closed.length > 0) await this.persist(() => this.deps.store.put(closed));
  }

  private async persist(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch {
      // Storage full or gone: the queue in memory still uploads.
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.schedule(UPLOAD_EVERY_MS);
      void this.flush();
    }, delay);
  }
}
