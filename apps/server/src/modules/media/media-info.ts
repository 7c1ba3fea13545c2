import fs from 'node:fs';
import mediaInfoFactory, {
  type AudioTrack,
  type GeneralTrack,
  isTrackType,
  type MediaInfo,
  type VideoTrack,
} from 'mediainfo.js';
import pLimit from 'p-limit';

// What a stored file holds, read by MediaInfoLib compiled to WebAssembly (mediainfo.js): the
// container, its tracks and their codecs. It reads the file in chunks where the parser asks, so
// a 1 GB video costs a few reads, not 1 GB of memory.

export type MediaTracks = { general?: GeneralTrack; video?: VideoTrack; audio?: AudioTrack };

/** One instance per server process, reused; it parses one file at a time. */
let instance: Promise<MediaInfo<'object'>> | null = null;
const oneAtATime = pLimit(1);

/** The general track and the first video and audio tracks of a file. */
export function readTracks(file: string): Promise<MediaTracks> {
  return oneAtATime(async () => {
    instance ??= mediaInfoFactory({ format: 'object' });
    const mediaInfo = await instance;
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const result = await mediaInfo.analyzeData(size, async (length, offset) => {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      });
      const tracks = result.media?.track ?? [];
      return {
        general: tracks.find((track) => isTrackType(track, 'General')),
        video: tracks.find((track) => isTrackType(track, 'Video')),
        audio: tracks.find((track) => isTrackType(track, 'Audio')),
      };
    } catch (error) {
      // A parser that threw may be left in any state: the next file gets a fresh one.
      instance = null;
      mediaInfo.close();
      throw error;
    } finally {
      await handle.close();
    }
  });
}

/**
 * The technical details shown with an item (contentItemSchema.meta): container format, codecs,
 * overall bit rate (bit/s), frame rate (frames/s), sample rate (Hz). Unknown ones are left out.
 */
export function describeTracks({ general, video, audio }: MediaTracks): Record<string, string | number> {
  const meta: Record<string, string | number | undefined> = {
    format: general?.Format,
    video_codec: video?.Format,
    audio_codec: audio?.Format,
    bit_rate: general?.OverallBitRate,
    frame_rate: video?.FrameRate ?? general?.FrameRate,
    sample_rate: audio?.SamplingRate,
  };
  const known = Object.entries(meta).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
  return Object.fromEntries(known);
}
