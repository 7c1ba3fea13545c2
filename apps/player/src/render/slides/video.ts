import type { ItemFit } from '@vitrine/contract';
import { el, type Slide, type SlideContext, SlideError, whenEvent } from '../slide';
import { correction, expectedMediaTime } from '../timeline';

// A video (or a stream) waits paused on its first frame, decoded and handed to the compositor,
// so that showing its layer paints that frame in the same frame; it plays once shown.

/** A video longer than its item is cut; one shorter loops, unless it ends within this of it. */
const LOOP_SLACK_MS = 250;
/** After the data arrived, how long to wait for the first frame's callback before going on. */
const FIRST_FRAME_WAIT_MS = 1_000;

type VideoOptions = { url: string; fit: ItemFit; muted: boolean; duration_ms: number };

/** The reason of a media element's error, as the server records it. */
export function mediaFailure(media: HTMLMediaElement, what: string): SlideError {
  const code = media.error?.code;
  // 3: the decoder failed, 4: a format it cannot play; else the network.
  const reason = code === 3 || code === 4 ? 'decode' : 'load';
  return new SlideError(
    reason,
    `${what} ${media.currentSrc || media.src}: ${media.error?.message || 'failed'}`,
  );
}

/**
 * The first frame presented to the compositor (requestVideoFrameCallback where there is one, asked
 * before the video loads: a paused video presents that frame once, maybe before 'loadeddata' is
 * dispatched). `after` starts the wait's time limit, for a browser that never calls back.
 */
function firstFrame(video: HTMLVideoElement): { presented: Promise<void>; after(): void; cancel(): void } {
  if (typeof video.requestVideoFrameCallback !== 'function') {
    return { presented: Promise.resolve(), after() {}, cancel() {} };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finish = () => {};
  const presented = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const handle = video.requestVideoFrameCallback(() => {
    clearTimeout(timer);
    finish();
  });
  return {
    presented,
    after() {
      timer = setTimeout(finish, FIRST_FRAME_WAIT_MS);
    },
    cancel() {
      clearTimeout(timer);
      video.cancelVideoFrameCallback(handle);
    },
  };
}

/** Plays; a screen that refuses sound plays it muted rather than not at all. */
export async function playMedia(media: HTMLMediaElement): Promise<void> {
  try {
    await media.play();
  } catch (error) {
    if ((error as DOMException).name !== 'NotAllowedError' || media.muted) throw error;
    media.muted = true;
    await media.play();
  }
}

/** Whether media shorter than its item loops (always when it plays alone in its zone). */
export function loops(media: HTMLMediaElement, alone: boolean, durationMs: number): boolean {
  const lengthMs = Number.isFinite(media.duration) ? media.duration * 1000 : Number.POSITIVE_INFINITY;
  return alone || durationMs > lengthMs + LOOP_SLACK_MS;
}

/**
 * When a video that was just told to play really began, on the page's clock: the time its first
 * frame was (or, played, would have been) on screen, from the first frame it presents playing
 * (requestVideoFrameCallback: expected display time less the media time played since `from`).
 * Its layer was shown on its paused first frame, painted about when play() was called plus a frame;
 * playback starts with that call or, on a busy machine, later. Calls nothing where
 * the browser has no requestVideoFrameCallback: the item then runs from when its layer was shown.
 */
export function whenPlaying(video: HTMLVideoElement, from: number, began: (at: number) => void): () => void {
  if (typeof video.requestVideoFrameCallback !== 'function') return () => {};
  let handle = 0;
  const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
    // A paused video may present its first frame again (its layer shown): wait for one played.
    if (video.paused || metadata.mediaTime <= from) {
      handle = video.requestVideoFrameCallback(onFrame);
      return;
    }
    const rate = video.playbackRate > 0 ? video.playbackRate : 1;
    const shownAt = metadata.expectedDisplayTime ?? metadata.presentationTime;
    began(shownAt - ((metadata.mediaTime - from) * 1000) / rate);
  };
  handle = video.requestVideoFrameCallback(onFrame);
  return () => video.cancelVideoFrameCallback(handle);
}

/** A seek lands this much later than asked at first (learnt from each seek's landing). */
const SEEK_LEAD_S = 0.05;
const SEEK_LEAD_MAX_S = 1;

/**
 * A synced video follows its timeline (docs/sync.md): at each frame it presents, the media time it
 * shows against where the timeline says it should be at that frame's display time; the gap is
 * closed with the playback rate (within 5 %), or by a seek when it is too wide. A seek takes time
 * to land: the lead it needs is learnt from how far off each one landed. Returns a cancel.
 */
export function followTimeline(
  video: HTMLVideoElement,
  synced: NonNullable<SlideContext['synced']>,
): () => void {
  if (typeof video.requestVideoFrameCallback !== 'function') return () => {};
  let handle = 0;
  let lead = SEEK_LEAD_S;
  let seeking = false;
  const expected = (local: number) =>
    expectedMediaTime(synced.serverAt(local), synced.start, video.duration, video.loop);
  const onFrame: VideoFrameRequestCallback = (now, metadata) => {
    handle = video.requestVideoFrameCallback(onFrame);
    // Frames presented while a seek is under way show where it was, not where it lands.
    if (video.paused || video.seeking) return;
    const shownAt = metadata.expectedDisplayTime ?? now;
    const step = correction(metadata.mediaTime, expected(shownAt), video.duration, video.loop);
    if (seeking) {
      // The first frame after a seek landed: `drift` off; next time ask that much further.
      seeking = false;
      lead = Math.min(SEEK_LEAD_MAX_S, Math.max(0, lead - step.drift));
    }
    if ('seek' in step) {
      seeking = true;
      video.currentTime = step.seek + lead;
    } else if (video.playbackRate !== step.rate) video.playbackRate = step.rate;
  };
  // Where it should be as it starts (a screen joining late, reloaded): there at once.
  const start = expected(performance.now());
  if (Math.abs(video.currentTime - start) > 0.1) {
    seeking = true;
    video.currentTime = start + lead;
  }
  handle = video.requestVideoFrameCallback(onFrame);
  return () => video.cancelVideoFrameCallback(handle);
}

/** Stops a media element and frees its decoder. */
export function releaseMedia(media: HTMLMediaElement): void {
  media.pause();
  media.removeAttribute('src');
  media.load();
  media.remove();
}

/** Gives a video its source; `failed` hears of failures that are not the video's own errors. */
export type AttachSource = (
  video: HTMLVideoElement,
  url: string,
  failed: (error: SlideError) => void,
) => Promise<() => void>;

/**
 * Gives a media element a stored file (/backend/media/, or its local copy's object URL), in CORS
 * mode. The service worker answers a file's ranges from the network until the file is cached, and
 * from the cache (responses it builds) after; Chromium fails a media element whose ranges come from
 * both unless it is in CORS mode (PIPELINE_ERROR_READ, "FFmpegDemuxer: data source error": its
 * data source compares each range's origin with the first's, and a built response has none), and
 * keeps failing it for every element after with the same URL. The files are the player's own
 * origin's, so CORS mode needs nothing of the server.
 */
export function setStoredSource(media: HTMLMediaElement, url: string): void {
  media.crossOrigin = 'anonymous';
  media.src = url;
}

const attachFile: AttachSource = async (video, url) => {
  setStoredSource(video, url);
  return () => {};
};

export async function prepareVideo(
  options: VideoOptions,
  context: SlideContext,
  attach: AttachSource = attachFile,
): Promise<Slide> {
  const video = el('video', 'render-fill');
  video.style.objectFit = options.fit;
  video.muted = options.muted;
  video.defaultMuted = options.muted;
  video.playsInline = true;
  video.preload = 'auto';
  const frame = firstFrame(video);
  context.layer.append(video);
  // A failure of its source fails the item's preparation, or, once shown, the item.
  let shown = false;
  let earlier: SlideError | undefined;
  let failLoading: (error: SlideError) => void = () => {};
  const sourceFailed = new Promise<never>((_resolve, reject) => {
    failLoading = reject;
  });
  sourceFailed.catch(() => {}); // awaited only while loading
  const failed = (error: SlideError) => {
    if (shown) return context.failed(error);
    earlier ??= error;
    failLoading(error);
  };
  let detach = () => {};
  try {
    detach = await attach(video, options.url, failed);
    if (context.signal.aborted) throw new SlideError('load', 'aborted');
    if (video.readyState < 2) {
      await Promise.race([
        whenEvent(video, ['loadeddata'], context.signal, () => mediaFailure(video, 'video')),
        sourceFailed,
      ]);
    }
    frame.after();
    await frame.presented;
  } catch (error) {
    frame.cancel();
    detach();
    releaseMedia(video);
    throw error;
  }
  video.loop = loops(video, context.alone, options.duration_ms);
  const broke = () => context.failed(mediaFailure(video, 'video'));
  let stopWatching = () => {};
  return {
    start() {
      shown = true;
      if (earlier) context.failed(earlier);
      video.addEventListener('error', broke);
      stopWatching = context.synced
        ? followTimeline(video, context.synced)
        : whenPlaying(video, video.currentTime, context.began);
      playMedia(video).catch((error: Error) => context.failed(new SlideError('play', error.message)));
    },
    leave() {
      video.pause();
    },
    dispose() {
      stopWatching();
      video.removeEventListener('error', broke);
      detach();
      releaseMedia(video);
    },
  };
}
