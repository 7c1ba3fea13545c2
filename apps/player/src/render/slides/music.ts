import type { MediaRef } from '@vitrine/contract';
import { mediaSource } from '../media-source';
import { type Slide, type SlideContext, SlideError, whenEvent } from '../slide';
import { loops, mediaFailure, playMedia, releaseMedia, setStoredSource } from './video';

/** Music: nothing to see (the zone's background shows), heard from when its layer is shown. */
export async function prepareMusic(
  media: MediaRef,
  options: { muted: boolean; duration_ms: number },
  context: SlideContext,
): Promise<Slide> {
  const audio = document.createElement('audio');
  audio.muted = options.muted;
  audio.preload = 'auto';
  setStoredSource(audio, mediaSource(media.url));
  context.layer.append(audio);
  try {
    if (audio.readyState < 3) {
      await whenEvent(audio, ['canplay'], context.signal, () => mediaFailure(audio, 'music'));
    }
  } catch (error) {
    releaseMedia(audio);
    throw error;
  }
  audio.loop = loops(audio, context.alone, options.duration_ms);
  const broke = () => context.failed(mediaFailure(audio, 'music'));
  return {
    start() {
      audio.addEventListener('error', broke);
      playMedia(audio).catch((error: Error) => context.failed(new SlideError('play', error.message)));
    },
    dispose() {
      audio.removeEventListener('error', broke);
      releaseMedia(audio);
    },
  };
}
