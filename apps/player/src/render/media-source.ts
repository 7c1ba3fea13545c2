// Where the renderer reads a media file from. Normally its own URL: the service worker answers
// /backend/media/ from Cache Storage. A screen without Cache Storage (plain HTTP from another host)
// keeps its media in IndexedDB instead (media-cache.ts) and registers each file's object URL here.

const local = new Map<string, string>();

/** The URL to load a media file from: its local copy's object URL when there is one, else its own. */
export const mediaSource = (url: string): string => local.get(url) ?? url;

/** Registers (or, with null, forgets) the local copy of a media URL. */
export function setMediaSource(url: string, objectUrl: string | null): void {
  if (objectUrl === null) local.delete(url);
  else local.set(url, objectUrl);
}

/** Whether a media URL has a local copy. */
export const hasMediaSource = (url: string): boolean => local.has(url);
