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

// WCAG 2.2 AA (issue 29): text needs a contrast ratio of 4.5:1 with what is behind it.
export const AA_TEXT_CONTRAST = 4.5;

/** WCAG relative luminance (0 black … 1 white); null when the value is not a hex colour. */
function relativeLuminance(color: string): number | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two hex colours (1 … 21); null when either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const first = relativeLuminance(a);
  const second = relativeLuminance(b);
  if (first === null || second === null) return null;
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** `color` laid at `alpha` over `background`, as a hex colour (`background` when either cannot be read). */
export function mix(color: string, background: string, alpha: number): string {
  const front = parseHex(color);
  const back = parseHex(background);
  if (!front || !back) return background;
  const rgb = front.map((value, i) => Math.round(value * alpha + (back[i] as number) * (1 - alpha)));
  return `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `color` as it is when it reads at 4.5:1 on white (white text on it then reads as well: the
 * ratio is the same both ways), else the same hue darkened just enough; unreadable values come
 * back as they are.
 */
export function readableOnWhite(color: string): string {
  const ratio = contrastRatio(color, '#ffffff');
  if (ratio === null || ratio >= AA_TEXT_CONTRAST) return color;
  for (let step = 1; step < 100; step++) {
    const darker = mix(color, '#000000', 1 - step / 100);
    if ((contrastRatio(darker, '#ffffff') ?? 0) >= AA_TEXT_CONTRAST) return darker;
  }
  return '#000000';
}
