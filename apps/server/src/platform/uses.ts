import { type ContentUse, ResultCode } from '@vitrine/contract';
import type { Db } from '../db/client';
import { AppError } from './errors';

// What uses content, fonts and stickers (spec 001 §4: an in-use item cannot be deleted or edited
// until it is removed from the schedules, playlists, texts and compositions that use it). Each
// area that uses items registers its relation from its module plugin; deletes ask all of them,
// and "remove from these and delete" detaches the items from all of them.

export type Uses = {
  /** What of this kind uses any of these items (the registry fills in the kind). */
  find: (tx: Db, ids: readonly number[]) => Promise<Omit<ContentUse, 'kind'>[]>;
  /** Removes these items from everything of this kind that uses them. */
  detach: (tx: Db, ids: readonly number[]) => Promise<void>;
};

/** The users of one kind of item, kind by kind in registration order. */
export class UseRegistry {
  readonly #registry = new Map<string, Uses>();

  /** @param inUseMessage the 409001 message naming this kind of item */
  constructor(private readonly inUseMessage: string) {}

  register(kind: string, uses: Uses) {
    this.#registry.set(kind, uses);
  }

  /** Everything that uses any of these items. */
  async find(tx: Db, ids: readonly number[]): Promise<ContentUse[]> {
    const found: ContentUse[] = [];
    for (const [kind, uses] of this.#registry) {
      for (const use of await uses.find(tx, ids)) found.push({ kind, id: use.id, name: use.name });
    }
    return found;
  }

  /** Removes these items from everything that uses them. */
  async detach(tx: Db, ids: readonly number[]) {
    for (const uses of this.#registry.values()) await uses.detach(tx, ids);
  }

  /** 409001 with the registry's message (data.uses naming what uses them) when anything does. */
  async assertUnused(tx: Db, ids: readonly number[]) {
    const uses = await this.find(tx, ids);
    if (uses.length > 0) throw new AppError(ResultCode.inUse, this.inUseMessage, {}, { uses });
  }

  /** Before a delete: detaches the items when asked to, else refuses them while anything uses them. */
  release(tx: Db, ids: readonly number[], detaching: boolean) {
    return detaching ? this.detach(tx, ids) : this.assertUnused(tx, ids);
  }
}

/** One registry per kind of item that others use (decoration `app.uses`). */
export function useRegistries() {
  return {
    /** Content of the library: playlists, compositions (zones and backgrounds), schedules. */
    content: new UseRegistry('content.inUse'),
    /** Fonts: text messages and compositions' clocks. */
    font: new UseRegistry('font.inUse'),
    /** Stickers: compositions. */
    sticker: new UseRegistry('sticker.inUse'),
    /** Playlists: the playlists nesting them, compositions, schedules and screens playing them by default. */
    playlist: new UseRegistry('playlist.inUse'),
    /** Text messages: playlists and compositions. */
    text: new UseRegistry('text.inUse'),
    /** Compositions: schedules and screens playing them by default. */
    composition: new UseRegistry('composition.inUse'),
    /** Video walls: the wall content laid out on them. */
    videoWall: new UseRegistry('videoWall.inUse'),
    /** Sensors: the sensor schedules they trigger. */
    sensor: new UseRegistry('sensor.inUse'),
    /** Wall content: the schedules playing it. */
    videoWallContent: new UseRegistry('videoWall.contentInUse'),
  };
}

export type UseRegistries = ReturnType<typeof useRegistries>;
