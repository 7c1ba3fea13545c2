import type { Db } from '../db/client';

// Stored files that go with their owner (docs/stored-objects.md): rows keeping a file by hash
// (a company's sensor icons and fonts, a customer's brand images, a company's or a model's startup
// media) are deleted with their owner by the database's cascade, but their files are not. The
// areas register which hashes an owner's rows keep (decoration `app.ownerFiles`), the media area
// registers how unreferenced files are removed; a delete reads the hashes inside its transaction,
// before the rows go, and releases them once it has committed.

export type FileOwner = 'customer' | 'company' | 'model';

/** The hashes of the files this owner's rows keep. */
export type HeldFiles = (tx: Db, ownerId: number) => Promise<string[]>;

/** Removes the files of these hashes that nothing refers to any more. */
export type FileRemover = (hashes: readonly string[]) => Promise<unknown>;

export class OwnerFiles {
  readonly #held = new Map<FileOwner, Map<string, HeldFiles>>();
  #remove: FileRemover | null = null;

  /** Adds an area's rows of an owner (registering again under the same area replaces them). */
  register(owner: FileOwner, area: string, held: HeldFiles) {
    const areas = this.#held.get(owner) ?? new Map<string, HeldFiles>();
    areas.set(area, held);
    this.#held.set(owner, areas);
  }

  /** How files are removed once nothing refers to them (the media area's). */
  removeWith(remove: FileRemover) {
    this.#remove = remove;
  }

  /** Every hash the owners' rows keep; call inside the delete's transaction, before deleting. */
  async held(tx: Db, owner: FileOwner, ownerIds: readonly number[]): Promise<string[]> {
    const hashes = new Set<string>();
    for (const held of this.#held.get(owner)?.values() ?? []) {
      for (const id of ownerIds) for (const hash of await held(tx, id)) hashes.add(hash);
    }
    return [...hashes];
  }

  /** After the delete committed: the files of those hashes that nothing else keeps are removed. */
  async release(hashes: readonly string[]) {
    if (hashes.length > 0 && this.#remove) await this.#remove(hashes);
  }
}
