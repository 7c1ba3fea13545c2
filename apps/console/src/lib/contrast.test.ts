import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  luminance,
  mix,
  parseHex,
  readableOnWhite,
  textColorOn,
} from './contrast';

describe('text colour over a background (threshold 186)', () => {
  it('uses dark text on light backgrounds and white text on dark ones', () => {
    expect(textColorOn('#ffffff')).toBe('#000000');
    expect(textColorOn('#000000')).toBe('#ffffff');
    expect(textColorOn('#0f1f3d')).toBe('#ffffff');
    expect(textColorOn('#ffeb3b')).toBe('#000000');
  });

  it('switches exactly above 186', () => {
    // Grey 186 sits on the threshold: not above it, so white text.
    expect(luminance('#bababa')).toBeCloseTo(186);
    expect(textColorOn('#bababa')).toBe('#ffffff');
    expect(textColorOn('#bbbbbb')).toBe('#000000');
  });

  it('weighs green more than red and red more than blue', () => {
    // The same pastel tint in green, red and blue: only the green one is light enough.
    expect(textColorOn('#80ff80')).toBe('#000000');
    expect(textColorOn('#ff8080')).toBe('#ffffff');
    expect(luminance('#ff8080')!).toBeGreaterThan(luminance('#8080ff')!);
  });

  it('reads short and alpha hex forms, and falls back to dark text on unreadable values', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('12345680')).toEqual([0x12, 0x34, 0x56]);
    expect(parseHex('blue')).toBeNull();
    expect(textColorOn('blue')).toBe('#000000');
  });
});

describe('WCAG contrast (AA, 4.5:1 for text)', () => {
  it('measures the ratio both ways, 21:1 for black on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#ffffff', '#8c8c8c')).toBe(contrastRatio('#8c8c8c', '#ffffff'));
    expect(contrastRatio('blue', '#ffffff')).toBeNull();
  });

  it('keeps a colour that reads on white and darkens one that does not, just enough', () => {
    expect(readableOnWhite('#1668dc')).toBe('#1668dc');
    const yellow = readableOnWhite('#ffeb3b');
    expect(yellow).not.toBe('#ffeb3b');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // One step lighter would fail: the hue is darkened no further than needed.
    expect(contrastRatio(mix(yellow, '#ffffff', 0.97), '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(readableOnWhite('not a colour')).toBe('not a colour');
  });

  it('lays a colour over a background', () => {
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 1)).toBe('#ff0000');
  });
});
