import { arrayMove } from '@dnd-kit/sortable';
import {
  type ContentItem,
  ContentType,
  type ItemFit,
  itemSeconds,
  ownSeconds,
  type PlaylistItem,
  type PlaylistItemRequest,
  type PlaylistSummary,
  type TextItem,
  type Transition,
} from '@vitrine/contract';

// The editor's items: what the picker adds (a content, a text message, a playlist), in order, each
// with its own settings, and how they become the body of a save.

export const ITEM_KINDS = [
  'image',
  'video',
  'document',
  'music',
  'website',
  'stream',
  'h5',
  'text',
  'playlist',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

const KIND_OF_TYPE: Partial<Record<number, ItemKind>> = {
  [ContentType.image]: 'image',
  [ContentType.video]: 'video',
  [ContentType.document]: 'document',
  [ContentType.music]: 'music',
  [ContentType.website]: 'website',
  [ContentType.stream]: 'stream',
  [ContentType.h5]: 'h5',
};
export const kindOfType = (type: number): ItemKind => KIND_OF_TYPE[type] ?? 'image';
export const TYPE_OF_KIND = Object.fromEntries(
  Object.entries(KIND_OF_TYPE).map(([type, kind]) => [kind, Number(type)]),
) as Record<Exclude<ItemKind, 'text' | 'playlist'>, number>;

/** Kinds with sound: muted or not. */
export const hasSound = (kind: ItemKind) => kind === 'video' || kind === 'music' || kind === 'stream';
/** Kinds drawn as a picture that fills the screen one way or another. */
export const hasFit = (kind: ItemKind) => kind === 'image' || kind === 'video' || kind === 'document';

export type ItemSource = PlaylistItem['kind'];

export type DraftItem = {
  /** The row's identity in the editor (drag and drop, React keys); never sent. */
  key: string;
  source: ItemSource;
  /** The content's, text message's or playlist's id. */
  id: number;
  kind: ItemKind;
  name: string;
  thumbnail: string | null;
  /** Seconds of its own: a video's or music's length, a nested playlist's total. */
  own_duration: number | null;
  /** Seconds set by the operator; null plays the own length, or the default. A nested playlist
   * always plays its own total. */
  duration: number | null;
  transition: Transition;
  fit: ItemFit;
  muted: boolean;
};

let lastKey = 0;
export const newKey = () => `item-${++lastKey}`;

const DEFAULTS = { duration: null, transition: 'none', fit: 'contain', muted: true } as const;

export const draftOfContent = (item: ContentItem): DraftItem => ({
  ...DEFAULTS,
  key: newKey(),
  source: 'content',
  id: item.id,
  kind: kindOfType(item.type),
  name: item.name,
  thumbnail: item.thumbnail,
  own_duration: ownSeconds(item.type, item.duration),
});

export const draftOfText = (item: TextItem): DraftItem => ({
  ...DEFAULTS,
  key: newKey(),
  source: 'text',
  id: item.id,
  kind: 'text',
  name: item.title,
  thumbnail: null,
  own_duration: null,
});

export const draftOfPlaylist = (item: PlaylistSummary): DraftItem => ({
  ...DEFAULTS,
  key: newKey(),
  source: 'playlist',
  id: item.id,
  kind: 'playlist',
  name: item.name,
  thumbnail: item.thumbnail,
  own_duration: item.duration,
});

/** A saved item as the editor holds it. */
export const draftOfItem = (item: PlaylistItem): DraftItem => ({
  key: newKey(),
  source: item.kind,
  id: item.content_id ?? item.playlist_id ?? item.text_id ?? 0,
  kind: item.kind === 'content' ? kindOfType(item.type ?? ContentType.image) : item.kind,
  name: item.name,
  thumbnail: item.thumbnail,
  own_duration: item.own_duration,
  duration: item.duration,
  transition: item.transition,
  fit: item.fit,
  muted: item.muted,
});

/** How long an item plays: a nested playlist its own total, anything else by the contract's rule. */
export const secondsOf = (item: DraftItem): number =>
  item.source === 'playlist' ? (item.own_duration ?? 0) : itemSeconds(item.duration, item.own_duration);

/** One pass of the playlist, as the server will count it. */
export const totalSeconds = (items: readonly DraftItem[]): number =>
  items.reduce((total, item) => total + secondsOf(item), 0);

const ID_FIELD = { content: 'content_id', playlist: 'playlist_id', text: 'text_id' } as const;

/** The items as a save sends them, in their order. */
export const itemsBody = (items: readonly DraftItem[]): PlaylistItemRequest[] =>
  items.map((item) => ({
    [ID_FIELD[item.source]]: item.id,
    duration: item.source === 'playlist' ? null : item.duration,
    transition: item.transition,
    fit: item.fit,
    muted: item.muted,
  }));

/** The picker's key of a row: the same content picked twice is one pick. */
export const pickKey = (source: DraftItem['source'], id: number) => `${source}:${id}`;

/** The list after moving the item `from` onto the place of `to` (both keys). */
export function moveItem<T extends { key: string }>(items: readonly T[], from: string, to: string): T[] {
  const oldIndex = items.findIndex((item) => item.key === from);
  const newIndex = items.findIndex((item) => item.key === to);
  if (oldIndex < 0 || newIndex < 0) return [...items];
  return arrayMove([...items], oldIndex, newIndex);
}
