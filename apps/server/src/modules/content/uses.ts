import type { ContentUse } from '@vitrine/contract';
import type { Db } from '../../db/client';

// What uses content (spec 001 §4: an in-use item cannot be deleted or edited until it is removed
// from the schedules, playlists and video-wall content that use it). Each relation registers
// itself here when its module loads; the library asks all of them, and the delete dialog's
// "remove from these and delete" detaches the items from all of them.

export type ContentUses = {
  /** What of this kind uses any of these contents (the registry fills in the kind). */
  find: (tx: Db, contentIds: readonly number[]) => Promise<Omit<ContentUse, 'kind'>[]>;
  /** Removes these contents from everything of this kind that uses them. */
  detach: (tx: Db, contentIds: readonly number[]) => Promise<void>;
};

const registry = new Map<string, ContentUses>();

export function registerContentUses(kind: string, uses: ContentUses) {
  registry.set(kind, uses);
}

/** Everything that uses any of these contents, kind by kind in registration order. */
export async function contentUses(tx: Db, contentIds: readonly number[]): Promise<ContentUse[]> {
  const found: ContentUse[] = [];
  for (const [kind, uses] of registry) {
    for (const use of await uses.find(tx, contentIds)) found.push({ kind, id: use.id, name: use.name });
  }
  return found;
}

/** Removes these contents from everything that uses them. */
export async function detachContent(tx: Db, contentIds: readonly number[]) {
  for (const uses of registry.values()) await uses.detach(tx, contentIds);
}
