import { describe, expect, it } from 'vitest';
import { luminance, parseHex, textColorOn } from './contrast';

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
