import { HLS_MIME, isHlsLink } from '@vitrine/contract';
import { SlideError } from '../slide';

// A stream plays what the console's preview plays: an HLS playlist through hls.js where the
// browser cannot play HLS itself (Chromium and most signage browsers; Safari can), loaded only
// then so that the player starts without it; any other address as the video's own source.

/**
 * Gives the video its stream. A fatal failure of hls.js (the playlist or its segments cannot be
 * loaded, or the media cannot be decoded) reaches `failed`; the video's own errors stay its
 * 'error' events. Resolves to what lets the stream go.
 */
export async function attachStream(
  video: HTMLVideoElement,
  url: string,
  failed: (error: SlideError) => void,
): Promise<() => void> {
  if (!isHlsLink(url) || video.canPlayType(HLS_MIME)) {
    video.src = url;
    return () => {};
  }
  const { default: Hls } = await import('hls.js').catch((error: Error) => {
    throw new SlideError('load', `stream ${url}: the HLS player did not load: ${error.message}`);
  });
  if (!Hls.isSupported()) throw new SlideError('decode', `stream ${url}: this browser cannot play HLS`);
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return; // hls.js retries the rest itself
    const reason = data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'load' : 'decode';
    failed(new SlideError(reason, `stream ${url}: ${data.details}`));
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}
