import { describe, expect, it } from 'vitest';
import { hasMediaSource, mediaSource, setMediaSource } from './media-source';

describe('mediaSource', () => {
  it('answers the local copy of a media URL while there is one, else the URL itself', () => {
    expect(mediaSource('/backend/media/abc')).toBe('/backend/media/abc');
    setMediaSource('/backend/media/abc', 'blob:http://screen/1');
    expect(mediaSource('/backend/media/abc')).toBe('blob:http://screen/1');
    expect(hasMediaSource('/backend/media/abc')).toBe(true);
    setMediaSource('/backend/media/abc', null);
    expect(mediaSource('/backend/media/abc')).toBe('/backend/media/abc');
    expect(hasMediaSource('/backend/media/abc')).toBe(false);
  });
});
