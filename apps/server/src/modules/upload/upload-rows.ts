import type { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** How long a row read for a part answers the next parts of its upload. */
const KEEP_MS = 30_000;
/** Uploads kept at once; the oldest goes first. */
const MAX_ROWS = 1_000;

/**
 * The rows of the uploads whose parts reach this instance, kept a short while, so a part costs no
 * read of its row. What a part needs of the row never changes during an upload (its owner, size and
 * kind); the list of parts already recorded only lets a part sent again skip its write, and from a
 * row a few seconds old that only means writing the same bytes again. Whether the upload still
 * exists (finished, dropped or expired, here or on another instance) is settled where the part is
 * recorded, as before.
 */
export class UploadRows {
  private readonly rows = new Map<string, { row: UploadRow; at: number }>();

  /** The row read for this user's part of the upload a moment ago, if any and not looking expired. */
  get(id: string, userId: number, now = Date.now()): UploadRow | undefined {
    const kept = this.rows.get(id);
    if (!kept) return undefined;
    if (now - kept.at > KEEP_MS || kept.row.userId !== userId || kept.row.expiresAt.getTime() <= now) {
      this.rows.delete(id);
      return undefined;
    }
    return kept.row;
  }

  set(row: UploadRow, now = Date.now()) {
    this.rows.delete(row.id);
    if (this.rows.size >= MAX_ROWS) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(row.id, { row, at: now });
  }

  forget(id: string) {
    this.rows.delete(id);
  }
}
