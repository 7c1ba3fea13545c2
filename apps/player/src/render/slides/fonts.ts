import type { FontRef } from '@vitrine/contract';
import { mediaSource } from '../media-source';

// Library fonts are loaded into the page under their own family name, once each; text waits for its
// font so it never appears first in the fallback. A font that fails to load keeps the fallback.

const loading = new Map<string, Promise<void>>();

export function loadFont(font: FontRef | null): Promise<void> {
  if (!font || typeof FontFace === 'undefined' || !document.fonts) return Promise.resolve();
  let pending = loading.get(font.family);
  if (!pending) {
    const face = new FontFace(font.family, `url(${mediaSource(font.url)})`);
    document.fonts.add(face);
    pending = face.load().then(
      () => undefined,
      () => {
        loading.delete(font.family);
      },
    );
    loading.set(font.family, pending);
  }
  return pending;
}

/** The CSS font-family of a font, falling back to the page's own. */
export const fontStack = (font: FontRef | null): string =>
  font ? `"${font.family}", system-ui, sans-serif` : '';
