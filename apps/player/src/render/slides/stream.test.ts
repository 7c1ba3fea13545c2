import type { PlayItem } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SlideContext, SlideError } from '../slide';
import { prepareSlide } from './index';
import { attachStream } from './stream';
import { prepareVideo } from './video';

type Handler = (event: string, data: { fatal: boolean; type: string; details: string }) => void;

// hls.js itself needs Media Source Extensions, which happy-dom lacks: a stand-in records its use.
const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as { source: string; media: unknown; destroyed: boolean; handlers: Map<string, Handler> }[],
}));
vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => hls.supported;
    source = '';
    media: unknown = null;
    destroyed = false;
    handlers = new Map<string, Handler>();
    constructor() {
      hls.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    loadSource(source: string) {
      this.source = source;
    }
    attachMedia(media: unknown) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const LIVE = 'https://cdn.example.com/live/index.m3u8?token=1';
const CLIP = 'https://cdn.example.com/clip.mp4';
const fatal = (type: string, details: string) =>
  hls.instances[0].handlers.get('hlsError')?.('hlsError', { fatal: true, type, details });

let layer: HTMLElement;
const context = (extra: Partial<SlideContext> = {}): SlideContext => ({
  layer,
  now: () => 0,
  language: 'en',
  timeZone: () => 'UTC',
  canvasHeight: 1080,
  failed: () => {},
  began: () => {},
  signal: new AbortController().signal,
  alone: false,
  ...extra,
});
const options = (url: string) => ({ url, fit: 'contain' as const, muted: true, duration_ms: 10_000 });
const video = () => layer.querySelector('video') as HTMLVideoElement;

beforeEach(() => {
  hls.supported = true;
  hls.instances.length = 0;
  layer = document.createElement('div');
  document.body.replaceChildren(layer);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('stream', () => {
  it('plays HLS through hls.js where the browser cannot, and lets it go', async () => {
    const element = document.createElement('video');
    const detach = await attachStream(element, LIVE, () => {});
    expect(hls.instances).toHaveLength(1);
    expect(hls.instances[0].source).toBe(LIVE);
    expect(hls.instances[0].media).toBe(element);
    expect(element.getAttribute('src')).toBeNull();
    detach();
    expect(hls.instances[0].destroyed).toBe(true);
  });

  it('hands other addresses, and HLS where the browser plays it, to the video itself', async () => {
    const element = document.createElement('video');
    await attachStream(element, CLIP, () => {});
    expect(element.getAttribute('src')).toBe(CLIP);
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    await attachStream(element, LIVE, () => {});
    expect(element.getAttribute('src')).toBe(LIVE);
    expect(hls.instances).toHaveLength(0);
  });

  it('is refused where neither the browser nor hls.js can play HLS', async () => {
    hls.supported = false;
    const refused = attachStream(document.createElement('video'), LIVE, () => {});
    await expect(refused).rejects.toMatchObject({ reason: 'decode' });
  });
});

describe('a stream item', () => {
  it('is played through hls.js, and fails its preparation when the stream fails for good, and lets hls.js go', async () => {
    const item = {
      key: 's1',
      content_id: 1,
      duration_ms: 10_000,
      transition: 'none',
      kind: 'stream',
      url: LIVE,
      muted: true,
    };
    const prepared = prepareSlide(item as PlayItem, context());
    await vi.waitFor(() => expect(hls.instances).toHaveLength(1));
    hls.instances[0].handlers.get('hlsError')?.('hlsError', {
      fatal: false,
      type: 'networkError',
      details: 'x',
    });
    fatal('networkError', 'manifestLoadError');
    const error = await prepared.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SlideError);
    expect(error).toMatchObject({ reason: 'load', message: `stream ${LIVE}: manifestLoadError` });
    expect(hls.instances[0].destroyed).toBe(true);
    expect(layer.querySelector('video')).toBeNull();
  });

  it('once shown, reports a fatal failure as the item’s; disposed, lets hls.js go', async () => {
    const failures: SlideError[] = [];
    const prepared = prepareVideo(
      options(LIVE),
      context({ failed: (error) => failures.push(error) }),
      attachStream,
    );
    await vi.waitFor(() => expect(hls.instances).toHaveLength(1));
    video().dispatchEvent(new Event('loadeddata'));
    const slide = await prepared;
    slide.start();
    expect(failures).toEqual([]);
    fatal('mediaError', 'bufferAppendError');
    expect(failures).toMatchObject([{ reason: 'decode', message: `stream ${LIVE}: bufferAppendError` }]);
    expect(hls.instances[0].destroyed).toBe(false);
    slide.dispose();
    expect(hls.instances[0].destroyed).toBe(true);
  });
});
