import {
  ContentType,
  type FontRef,
  h5EntryUrl,
  type ItemFit,
  type MediaRef,
  type PlayItem,
  type TextDirection,
  type TextPosition,
  type Transition,
} from '@vitrine/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, contentTexts, fonts, stickers } from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { documentPages, mediaKey, mediaUrl } from '../media';
import type { Reach } from './reach';

// The library rows a program shows, loaded in one query per kind for the whole program, and
// turned into play items. Only what a screen can play is loaded: content that is ready and not
// in the recycle bin; an item whose content is missing is left out of the program.

export type ContentSource = Pick<
  typeof contents.$inferSelect,
  'id' | 'type' | 'hash' | 'playableHash' | 'mime' | 'size' | 'duration' | 'link' | 'refreshSeconds' | 'zoom'
>;
type TextSource = typeof contentTexts.$inferSelect & { font: FontRef | null };
type StickerSource = Pick<typeof stickers.$inferSelect, 'id' | 'hash' | 'mime' | 'size'>;

/** What a program refers to, by kind. */
export type LibraryRefs = {
  contents: Iterable<number>;
  texts: Iterable<number>;
  stickers: Iterable<number>;
  fonts: Iterable<number>;
};

export type Library = {
  contents: Map<number, ContentSource>;
  texts: Map<number, TextSource>;
  stickers: Map<number, StickerSource>;
  fonts: Map<number, FontRef>;
  /** Documents' pages, first page first. */
  pages: Map<number, MediaRef[]>;
  /** Sizes of the files made from uploads (transcoded videos), which no row records. */
  sizes: Map<string, number>;
};

/** What a made file's MIME type is, by the content type it was made for. */
const MADE_MIME: Partial<Record<number, string>> = { [ContentType.video]: 'video/mp4' };
const PAGE_MIME = 'image/jpeg';

const ids = (values: Iterable<number>) => [...new Set(values)];

const fontRef = (row: { family: string; hash: string }): FontRef => ({
  family: row.family,
  url: mediaUrl(row.hash) as string,
});

/** Sizes of stored files by hash: they never change, so each is asked of storage once. */
const sizeCache = new Map<string, number>();
const SIZE_CACHE_MAX = 50_000;
async function fileSizes(storage: Storage, hashes: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  await Promise.all(
    hashes.map(async (hash) => {
      let size = sizeCache.get(hash);
      if (size === undefined) {
        const stat = await storage.head(mediaKey(hash));
        if (!stat) return; // not (yet) stored: unknown, not cached
        size = stat.size;
        if (sizeCache.size >= SIZE_CACHE_MAX) sizeCache.clear();
        sizeCache.set(hash, size);
      }
      sizes.set(hash, size);
    }),
  );
  return sizes;
}

export async function loadLibrary(
  db: Db,
  storage: Storage,
  reach: Reach,
  refs: LibraryRefs,
): Promise<Library> {
  const contentIds = ids(refs.contents);
  const textIds = ids(refs.texts);
  const stickerIds = ids(refs.stickers);
  const [contentRows, textRows, stickerRows] = await Promise.all([
    contentIds.length === 0
      ? []
      : db
          .select({
            id: contents.id,
            type: contents.type,
            hash: contents.hash,
            playableHash: contents.playableHash,
            mime: contents.mime,
            size: contents.size,
            duration: contents.duration,
            link: contents.link,
            refreshSeconds: contents.refreshSeconds,
            zoom: contents.zoom,
          })
          .from(contents)
          .where(
            and(
              inArray(contents.id, contentIds),
              reach.rows(contents),
              isNull(contents.deletedAt),
              eq(contents.state, 'ready'),
              eq(contents.approvalState, 'approved'),
            ),
          ),
    textIds.length === 0
      ? []
      : db
          .select({ text: contentTexts, family: fonts.family, fontHash: fonts.hash })
          .from(contentTexts)
          .leftJoin(fonts, eq(fonts.id, contentTexts.fontId))
          .where(and(inArray(contentTexts.id, textIds), reach.rows(contentTexts))),
    stickerIds.length === 0
      ? []
      : db
          .select({ id: stickers.id, hash: stickers.hash, mime: stickers.mime, size: stickers.size })
          .from(stickers)
          .where(and(inArray(stickers.id, stickerIds), reach.rows(stickers))),
  ]);
  const fontIds = ids(refs.fonts);
  const fontRows =
    fontIds.length === 0
      ? []
      : await db
          .select({ id: fonts.id, family: fonts.family, hash: fonts.hash })
          .from(fonts)
          .where(and(inArray(fonts.id, fontIds), reach.fonts));
  const documents = contentRows.filter((row) => row.type === ContentType.document).map((row) => row.id);
  const pageHashes = await documentPages(db, documents);
  const made = [
    ...contentRows.flatMap((row) =>
      row.playableHash && row.type !== ContentType.document ? [row.playableHash] : [],
    ),
    ...[...pageHashes.values()].flat(),
  ];
  const sizes = await fileSizes(storage, [...new Set(made)]);
  const pageRef = (hash: string): MediaRef => ({
    hash,
    url: mediaUrl(hash) as string,
    mime: PAGE_MIME,
    size: sizes.get(hash) ?? 0,
  });
  return {
    contents: new Map(contentRows.map((row) => [row.id, row])),
    texts: new Map(
      textRows.map(({ text, family, fontHash }) => [
        text.id,
        { ...text, font: family !== null && fontHash !== null ? fontRef({ family, hash: fontHash }) : null },
      ]),
    ),
    stickers: new Map(stickerRows.map((row) => [row.id, row])),
    fonts: new Map(fontRows.map((row) => [row.id, fontRef(row)])),
    pages: new Map([...pageHashes].map(([id, hashes]) => [id, hashes.map(pageRef)])),
    sizes,
  };
}

/** The file a browser plays of a content: the made one (transcoded video) when there is one. */
export function mediaOf(library: Library, row: ContentSource): MediaRef | null {
  if (row.playableHash) {
    return {
      hash: row.playableHash,
      url: mediaUrl(row.playableHash) as string,
      mime: MADE_MIME[row.type] ?? row.mime ?? 'application/octet-stream',
      size: library.sizes.get(row.playableHash) ?? 0,
    };
  }
  if (!row.hash) return null;
  return {
    hash: row.hash,
    url: mediaUrl(row.hash) as string,
    mime: row.mime ?? 'application/octet-stream',
    size: row.size,
  };
}

/** How an item is shown, whatever it shows. */
export type Showing = {
  key: string;
  seconds: number;
  transition: Transition;
  fit: ItemFit;
  muted: boolean;
};

const base = (showing: Showing, contentId: number | null) => ({
  key: showing.key,
  content_id: contentId,
  duration_ms: Math.round(showing.seconds * 1000),
  transition: showing.transition,
});

/** A library content as a play item; null when it is not loaded (gone, not ready) or cannot play. */
export function contentItem(library: Library, contentId: number, showing: Showing): PlayItem | null {
  const row = library.contents.get(contentId);
  if (!row) return null;
  const item = base(showing, row.id);
  const { fit, muted } = showing;
  switch (row.type) {
    case ContentType.image:
    case ContentType.video:
    case ContentType.music: {
      const media = mediaOf(library, row);
      if (!media) return null;
      if (row.type === ContentType.image) return { ...item, kind: 'image', media, fit };
      if (row.type === ContentType.video) return { ...item, kind: 'video', media, fit, muted };
      return { ...item, kind: 'music', media, muted };
    }
    case ContentType.document: {
      const pages = library.pages.get(row.id) ?? [];
      return pages.length === 0 ? null : { ...item, kind: 'document', pages, fit };
    }
    case ContentType.website:
      return row.link
        ? {
            ...item,
            kind: 'website',
            url: row.link,
            refresh_seconds: row.refreshSeconds,
            zoom: row.zoom ?? 1,
          }
        : null;
    case ContentType.stream:
      return row.link ? { ...item, kind: 'stream', url: row.link, muted } : null;
    case ContentType.h5:
      return row.hash ? { ...item, kind: 'h5', url: h5EntryUrl(row.hash) } : null;
    default:
      return null;
  }
}

/** A text message as a marquee item. */
export function textItem(library: Library, textId: number, showing: Showing): PlayItem | null {
  const row = library.texts.get(textId);
  if (!row) return null;
  return {
    ...base(showing, null),
    kind: 'text',
    text: {
      content: row.content,
      position: row.position as TextPosition,
      direction: row.direction as TextDirection,
      speed: row.speed,
      color: row.color,
      background_color: row.backgroundColor,
      font_size: row.fontSize,
      font: row.font,
    },
  };
}

export function stickerItem(library: Library, stickerId: number, showing: Showing): PlayItem | null {
  const row = library.stickers.get(stickerId);
  if (!row) return null;
  return {
    ...base(showing, null),
    kind: 'sticker',
    media: { hash: row.hash, url: mediaUrl(row.hash) as string, mime: row.mime, size: row.size },
  };
}
