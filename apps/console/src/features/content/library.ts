import {
  ContentType,
  FILE_CONTENT_TYPES,
  type FileContentType,
  type LibraryContentType,
} from '@vitrine/contract';

// What differs between the seven library pages: their name (message keys under `kind.<name>`),
// whether items are uploaded files or links, and which measures they have.
export const KIND_OF = {
  [ContentType.image]: 'image',
  [ContentType.video]: 'video',
  [ContentType.website]: 'website',
  [ContentType.document]: 'document',
  [ContentType.music]: 'music',
  [ContentType.stream]: 'stream',
  [ContentType.h5]: 'mobileTemplate',
} as const satisfies Record<LibraryContentType, string>;
export type LibraryKind = (typeof KIND_OF)[LibraryContentType];

/** Types whose items are uploaded files (with a drop zone, a size and a download). */
export const isFileType = (type: number): type is FileContentType =>
  (FILE_CONTENT_TYPES as readonly number[]).includes(type);

/** Types whose items are addresses, added and edited with a form. */
export type LinkContentType = typeof ContentType.website | typeof ContentType.stream;
export const isLinkType = (type: number): type is LinkContentType =>
  type === ContentType.website || type === ContentType.stream;

/** Types that play for a time of their own. */
export const hasDuration = (type: number) => type === ContentType.video || type === ContentType.music;

/** Where the grid/list choice is remembered (one choice for every library page). */
export const VIEW_STORAGE_KEY = 'contentView';
export type LibraryView = 'grid' | 'list';
