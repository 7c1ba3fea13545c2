import { type ContentUse, ResultCode } from '@vitrine/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';

// What uses content, fonts and stickers (spec 001 §4: an in-use item cannot be deleted or edited
// until it is removed from the schedules, playlists, texts and compositions that use it). Each
// relation registers itself in the registry of what it uses when its module loads; deletes ask
// all of them, and "remove from these and delete" detaches the items from all of them.

export type Uses = {
  /** What of this kind uses any of these items (the registry fills in the kind). */
  find: (tx: Db, ids: readonly number[]) => Promise<Omit<ContentUse, 'kind'>[]>;
  /** Removes these items from everything of this kind that uses them. */
  detach: (tx: Db, ids: readonly number[]) => Promise<void>;
};

/** The users of one kind of item, kind by kind in registration order. */
export function usesRegistry(inUseMessage: string) {
  const registry = new Map<string, Uses>();
  const find = async (tx: Db, ids: readonly number[]): Promise<ContentUse[]> => {
    const found: ContentUse[] = [];
    for (const [kind, uses] of registry) {
      for (const use of await uses.find(tx, ids)) found.push({ kind, id: use.id, name: use.name });
    }
    return found;
  };
  /** Removes these items from everything that uses them. */
  const detach = async (tx: Db, ids: readonly number[]) => {
    for (const uses of registry.values()) await uses.detach(tx, ids);
  };
  /** 409001 with the registry's message (data.uses naming what uses them) when anything does. */
  const assertUnused = async (tx: Db, ids: readonly number[]) => {
    const uses = await find(tx, ids);
    if (uses.length > 0) throw new AppError(ResultCode.inUse, inUseMessage, {}, { uses });
  };
  return {
    register: (kind: string, uses: Uses) => void registry.set(kind, uses),
    find,
    detach,
    assertUnused,
    /** Before a delete: detaches the items when asked to, else refuses them while anything uses them. */
    release: (tx: Db, ids: readonly number[], detaching: boolean) =>
      detaching ? detach(tx, ids) : assertUnused(tx, ids),
  };
}

/** Content of the library: playlists, compositions (zones and backgrounds); schedules and video walls as they land. */
export const contentUseRegistry = usesRegistry('content.inUse');
/** Fonts: text messages and compositions' clocks. */
export const fontUseRegistry = usesRegistry('font.inUse');
/** Stickers: compositions. */
export const stickerUseRegistry = usesRegistry('sticker.inUse');
/** Playlists: the playlists nesting them, compositions, and screens playing them by default. */
export const playlistUseRegistry = usesRegistry('playlist.inUse');
/** Text messages: playlists and compositions. */
export const textUseRegistry = usesRegistry('text.inUse');
/** Compositions: screens playing them by default; schedules as they land. */
export const compositionUseRegistry = usesRegistry('composition.inUse');

export const registerContentUses = contentUseRegistry.register;
/** Everything that uses any of these contents. */
export const contentUses = contentUseRegistry.find;
/** Removes these contents from everything that uses them. */
export const detachContent = contentUseRegistry.detach;
