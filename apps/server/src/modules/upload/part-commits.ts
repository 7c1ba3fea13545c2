import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { Storage } from '../../platform/storage';

// Recording the parts of an upload as received, as a group commit: a part is recorded only once
// its bytes are durable, and the parts written while one sync-and-record runs are made durable
// together by the next (one syncParts of the upload's parted object: one fdatasync of its file on
// the local driver; one UPDATE of its row). Six parts in flight then cost about two syncs and two
// statements instead of six of each, and no part is ever recorded before its bytes are durable.

type Waiter = { index: number; resolve: (received: number | null) => void; reject: (error: unknown) => void };
type Upload = { queued: Waiter[]; flushing: boolean };

export class PartCommits {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  /**
   * Records a part whose bytes were written to the parted object `key` (not necessarily synced
   * yet) and extends
   * the upload's life to `expiresAt`. Answers how many parts the upload has received, or null
   * when its row is gone (finished, dropped or expired meanwhile).
   */
  record(id: string, key: string, index: number, expiresAt: Date): Promise<number | null> {
    let upload = this.uploads.get(id);
    if (!upload) {
      upload = { queued: [], flushing: false };
      this.uploads.set(id, upload);
    }
    const promise = new Promise<number | null>((resolve, reject) =>
      upload.queued.push({ index, resolve, reject }),
    );
    if (!upload.flushing) void this.flush(id, upload, key, expiresAt);
    return promise;
  }

  private async flush(id: string, upload: Upload, key: string, expiresAt: Date) {
    upload.flushing = true;
    while (upload.queued.length > 0) {
      const batch = upload.queued.splice(0);
      try {
        const received = await this.commit(id, key, [...new Set(batch.map((w) => w.index))], expiresAt);
        for (const waiter of batch) waiter.resolve(received);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    upload.flushing = false;
    this.uploads.delete(id);
  }

  private async commit(id: string, key: string, indexes: number[], expiresAt: Date) {
    await this.storage.syncParts(key);
    const added = sql`array[${sql.join(
      indexes.map((index) => sql`${index}::int`),
      sql`, `,
    )}]`;
    const [recorded] = await this.db
      .update(uploads)
      .set({
        parts: sql`array(select distinct part from unnest(array_cat(${uploads.parts}, ${added})) as part order by part)`,
        expiresAt,
      })
      .where(and(eq(uploads.id, id), gt(uploads.expiresAt, new Date())))
      .returning({ parts: uploads.parts });
    return recorded ? recorded.parts.length : null;
  }
}
