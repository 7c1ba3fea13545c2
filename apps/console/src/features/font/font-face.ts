import type { FontItem } from '@vitrine/contract';
import { useEffect } from 'react';

// Fonts of /manager/font are loaded into the page under their own family name (FontFace), once
// each, so previews and marquees can render with them. Where the browser has no FontFace (tests),
// the text shows in the fallback font.

const loaded = new Set<string>();

export function loadFont(font: Pick<FontItem, 'family' | 'url'>) {
  if (loaded.has(font.family) || typeof FontFace === 'undefined' || !document.fonts) return;
  loaded.add(font.family);
  const face = new FontFace(font.family, `url(${font.url})`);
  document.fonts.add(face);
  face.load().catch(() => loaded.delete(font.family)); // a broken file keeps the fallback
}

/** Loads these fonts once shown. */
export function useFontFaces(fonts: readonly Pick<FontItem, 'family' | 'url'>[] | undefined) {
  useEffect(() => {
    for (const font of fonts ?? []) loadFont(font);
  }, [fonts]);
}

/** The CSS font-family of a font, falling back to the page's own. */
export const fontStack = (family: string | null | undefined) =>
  family ? `"${family}", var(--ant-font-family, sans-serif)` : undefined;
