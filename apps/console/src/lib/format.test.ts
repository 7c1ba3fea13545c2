import { describe, expect, it } from 'vitest';
import { formatDimensions, formatDuration, formatMeta, metaKey } from './format';

describe('item measures', () => {
  it('writes durations as m:ss, or h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9.6)).toBe('0:10');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('writes dimensions only when both are known', () => {
    expect(formatDimensions(1920, 1080)).toBe('1920 × 1080');
    expect(formatDimensions(1920, null)).toBeNull();
    expect(formatDimensions(null, null)).toBeNull();
  });

  it('reads metadata keys in any spelling and gives rates their units', () => {
    expect(metaKey('video_codec')).toBe('videocodec');
    expect(metaKey('videoCodec')).toBe('videocodec');
    expect(metaKey('Frame Rate')).toBe('framerate');
    expect(formatMeta('bit_rate', 4_500_000)).toBe('4.5 Mb/s');
    expect(formatMeta('bitrate', 128_000)).toBe('128 kb/s');
    expect(formatMeta('frame_rate', 29.97)).toBe('29.97 fps');
    expect(formatMeta('sample_rate', 44_100)).toBe('44.1 kHz');
    expect(formatMeta('video_codec', 'AVC')).toBe('AVC');
    expect(formatMeta('pages', 4)).toBe('4');
    expect(formatMeta('unpacked_size', 2_097_152)).toBe('2.0 MB');
  });
});
