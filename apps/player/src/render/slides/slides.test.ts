import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlideContext } from '../slide';
import { clockFormats, prepareClock } from './clock';
import { prepareMarquee, textPixels } from './marquee';
import { prepareMusic } from './music';
import { attachStream } from './stream';
import { loops, mediaFailure, prepareVideo, whenPlaying } from './video';

let layer: HTMLElement;
const context = (extra: Partial<SlideContext> = {}): SlideContext => ({
  layer,
  now: () => Date.UTC(2030, 0, 2, 9, 5, 30),
  language: 'en',
  timeZone: () => 'UTC',
  canvasHeight: 720,
  failed: () => {},
  began: () => {},
  signal: new AbortController().signal,
  alone: false,
  ...extra,
});

beforeEach(() => {
  layer = document.createElement('div');
  document.body.replaceChildren(layer);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('marquee', () => {
  it('sizes its text for the canvas and runs once shown, at the console’s pace', async () => {
    const slide = await prepareMarquee(
      {
        content: 'Welcome',
        position: 'bottom',
        direction: 'left',
        speed: 4,
        color: '#ffffff',
        background_color: '#000000',
        font_size: 54,
        font: null,
      },
      context(),
    );
    const band = layer.querySelector<HTMLElement>('.render-marquee') as HTMLElement;
    expect(band.className).toContain('render-marquee--bottom render-marquee--left');
    expect(band.style.fontSize).toBe(`${textPixels(54, 720)}px`);
    expect(textPixels(54, 720)).toBe(36);
    expect(band.style.getPropertyValue('--marquee-seconds')).toBe('6s');
    expect(band.textContent).toBe('Welcome');
    expect(band.classList.contains('render-marquee--running')).toBe(false);
    slide.start();
    expect(band.classList.contains('render-marquee--running')).toBe(true);
    slide.dispose();
    expect(layer.children).toHaveLength(0);
  });
});

describe('clock', () => {
  it('formats time, date or both in the screen’s language', () => {
    expect(clockFormats('time', 'en', 'UTC')).toHaveLength(1);
    expect(clockFormats('datetime', 'de', 'UTC')).toHaveLength(2);
    // On the screen's own zone: 09:05 UTC is 18:05 in Tokyo.
    const [time] = clockFormats('time', 'en', 'Asia/Tokyo');
    expect(time.format(Date.UTC(2030, 0, 2, 9, 5, 30))).toBe('06:05 PM');
  });

  it('shows the server’s time and follows it', async () => {
    vi.useFakeTimers({ now: 0 });
    let now = Date.UTC(2030, 0, 2, 9, 5, 30);
    const slide = await prepareClock(
      { format: 'time', color: '#ff0000', font_size: 80, font: null },
      context({ now: () => now }),
    );
    const box = layer.querySelector<HTMLElement>('.render-clock') as HTMLElement;
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' });
    expect(box.textContent).toBe(time.format(now));
    expect(box.style.fontSize).toBe('80px');
    now += 60_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(box.textContent).toBe(time.format(now));
    slide.dispose();
  });
});

describe('video timing', () => {
  const media = (duration: number) => ({ duration }) as HTMLMediaElement;

  it('loops a video shorter than its item, or alone in its zone; not one as long as its item', () => {
    expect(loops(media(2), false, 10_000)).toBe(true);
    expect(loops(media(2), false, 2_000)).toBe(false);
    expect(loops(media(10), false, 2_000)).toBe(false);
    expect(loops(media(10), true, 2_000)).toBe(true);
    expect(loops(media(Number.POSITIVE_INFINITY), false, 60_000)).toBe(false);
  });

  it('tells a decode failure from a load failure', () => {
    const failed = (code: number) =>
      ({ error: { code, message: 'x' }, currentSrc: '/v', src: '/v' }) as HTMLMediaElement;
    expect(mediaFailure(failed(3), 'video').reason).toBe('decode');
    expect(mediaFailure(failed(2), 'video').reason).toBe('load');
  });
});

describe('stored media', () => {
  const FILE = `/backend/media/${'a'.repeat(64)}`;

  // The service worker answers a file's ranges from the network, then from its cache: Chromium
  // reads such a mix only in CORS mode (else PIPELINE_ERROR_READ, "data source error").
  it('loads a stored video or music in CORS mode; a stream from elsewhere as it is', async () => {
    const options = { fit: 'cover' as const, muted: true, duration_ms: 10_000 };
    void prepareVideo({ ...options, url: FILE }, context());
    const video = layer.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(FILE);
    expect(video.crossOrigin).toBe('anonymous');

    layer.replaceChildren();
    void prepareMusic({ url: FILE } as Parameters<typeof prepareMusic>[0], options, context());
    const audio = layer.querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe(FILE);
    expect(audio.crossOrigin).toBe('anonymous');

    layer.replaceChildren();
    const live = 'https://cameras.example.com/live.mp4';
    void prepareVideo({ ...options, url: live }, context(), attachStream);
    await vi.waitFor(() => expect(layer.querySelector('video')?.getAttribute('src')).toBe(live));
    expect((layer.querySelector('video') as HTMLVideoElement).crossOrigin).toBeNull();
  });
});

describe('whenPlaying', () => {
  type Metadata = Pick<VideoFrameCallbackMetadata, 'mediaTime' | 'expectedDisplayTime' | 'presentationTime'>;
  function fakeVideo() {
    const callbacks: ((now: number, metadata: Metadata) => void)[] = [];
    const video = {
      paused: true,
      playbackRate: 1,
      requestVideoFrameCallback: (callback: (now: number, metadata: Metadata) => void) =>
        callbacks.push(callback),
      cancelVideoFrameCallback: () => {},
    };
    const present = (metadata: Metadata) => callbacks.shift()?.(0, metadata);
    return { video, present, pending: () => callbacks.length };
  }

  it('tells when the first frame played was, or would have been, on screen', () => {
    const { video, present } = fakeVideo();
    const began: number[] = [];
    whenPlaying(video as unknown as HTMLVideoElement, 0, (at) => began.push(at));
    // The paused first frame presented again as its layer is shown: not the start.
    present({ mediaTime: 0, expectedDisplayTime: 1_000, presentationTime: 990 });
    expect(began).toEqual([]);
    video.paused = false;
    // Playing, the second frame (1/30 s in) reaches the screen at 1 100: it began at 1 066.67.
    present({ mediaTime: 1 / 30, expectedDisplayTime: 1_100, presentationTime: 1_090 });
    expect(began).toHaveLength(1);
    expect(began[0]).toBeCloseTo(1_100 - 1_000 / 30, 6);
    present({ mediaTime: 2 / 30, expectedDisplayTime: 1_133, presentationTime: 1_123 });
    expect(began).toHaveLength(1);
  });

  it('counts from where the video stood when told to play, at its rate', () => {
    const { video, present } = fakeVideo();
    const began: number[] = [];
    whenPlaying(video as unknown as HTMLVideoElement, 30, (at) => began.push(at));
    video.paused = false;
    video.playbackRate = 2;
    present({ mediaTime: 30.1, expectedDisplayTime: 5_000, presentationTime: 4_990 });
    expect(began[0]).toBeCloseTo(5_000 - 50, 6);
  });

  it('tells nothing where the browser has no frame callbacks', () => {
    const began: number[] = [];
    const stop = whenPlaying({} as HTMLVideoElement, 0, (at) => began.push(at));
    stop();
    expect(began).toEqual([]);
  });
});
