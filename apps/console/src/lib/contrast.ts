import { CONTRAST_LUMINANCE_THRESHOLD } from '@vitrine/contract';

// Text over a coloured background (spec 000 §9): dark text when the background's luminance
// (0.299 R + 0.587 G + 0.114 B) is above 186, white text otherwise.

/** Parses #rgb, #rrggbb or #rrggbbaa; null when the value is not a hex colour. */
export function parseHex(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function luminance(color: string): number | null {
  const rgb = parseHex(color);
  return rgb ? rgb[0] * 0.299 + rgb[1] * 0.587 + rgb[2] * 0.114 : null;
}

/** The text colour to use over a background; dark text when the colour cannot be read. */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  const value = luminance(background);
  return value === null || value > CONTRAST_LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}
