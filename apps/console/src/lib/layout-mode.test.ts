import { describe, expect, it } from 'vitest';
import { detectLayoutMode, rootFontSize } from './layout-mode';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/126 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

describe('layout mode', () => {
  it('is mobile below 768 px', () => {
    expect(detectLayoutMode(767, DESKTOP).mobile).toBe(true);
    expect(detectLayoutMode(768, DESKTOP).mobile).toBe(false);
  });

  it('is mobile on phones and tablets whatever the width', () => {
    expect(detectLayoutMode(1200, PHONE)).toEqual({ mobile: true, pad: false });
    expect(detectLayoutMode(1280, TABLET)).toEqual({ mobile: true, pad: true });
    expect(detectLayoutMode(1024, IPAD, 5)).toEqual({ mobile: true, pad: true });
    expect(detectLayoutMode(1440, IPAD, 0)).toEqual({ mobile: false, pad: false });
  });
});

describe('root font size', () => {
  it('is 16 × width / 1920 on the large layout', () => {
    expect(rootFontSize(1920, false)).toBe(16);
    expect(rootFontSize(960, false)).toBe(8);
  });

  it('is 16 × width / 750 on the small layout', () => {
    expect(rootFontSize(375, true)).toBe(8);
    expect(rootFontSize(750, true)).toBe(16);
  });

  it('never exceeds three times the base', () => {
    expect(rootFontSize(10_000, false)).toBe(48);
    expect(rootFontSize(3000, true)).toBe(48);
  });
});
