import { describe, expect, it } from 'vitest';
import { isHlsLink } from './stream';

describe('isHlsLink', () => {
  it('judges a link by its path, in any case, and refuses what is no address', () => {
    expect(isHlsLink('https://cdn.example.com/live/index.m3u8')).toBe(true);
    expect(isHlsLink('https://cdn.example.com/live/INDEX.M3U8')).toBe(true);
    expect(isHlsLink('https://cdn.example.com/clip.mp4?list=a.m3u8')).toBe(false);
    expect(isHlsLink('not a url')).toBe(false);
  });
});
