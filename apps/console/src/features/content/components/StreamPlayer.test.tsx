import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { StreamPlayer } from './StreamPlayer';

type Handler = (event: string, data: { fatal: boolean }) => void;

// hls.js itself needs Media Source Extensions, which happy-dom lacks: a stand-in records its use.
const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as { source: string; media: unknown; destroyed: boolean; handlers: Map<string, Handler> }[],
}));
vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
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
const player = (link: string) => renderPage(<StreamPlayer link={link} title="Newsroom" />, '/content/stream');
const video = () => document.querySelector('video') as HTMLVideoElement;

beforeEach(() => {
  hls.supported = true;
  hls.instances.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StreamPlayer', { timeout: 30_000 }, () => {
  it('plays HLS through hls.js where the browser cannot, and lets it go when closed', async () => {
    const view = await player(LIVE);
    await waitFor(() => expect(hls.instances).toHaveLength(1), { timeout: 15_000 });
    expect(hls.instances[0].source).toBe(LIVE);
    expect(hls.instances[0].media).toBe(video());
    view.unmount();
    expect(hls.instances[0].destroyed).toBe(true);
  });

  it('says so when the stream fails for good', async () => {
    await player(LIVE);
    await waitFor(() => expect(hls.instances).toHaveLength(1), { timeout: 15_000 });
    act(() => hls.instances[0].handlers.get('hlsError')?.('hlsError', { fatal: false }));
    expect(screen.queryByText('This stream cannot be played in this browser.')).toBeNull();
    act(() => hls.instances[0].handlers.get('hlsError')?.('hlsError', { fatal: true }));
    expect(await screen.findByText('This stream cannot be played in this browser.')).toBeTruthy();
  });

  it('hands other addresses, and HLS where the browser plays it, to the video itself', async () => {
    const first = await player('https://cdn.example.com/clip.mp4');
    await waitFor(() => expect(video()?.getAttribute('src')).toBe('https://cdn.example.com/clip.mp4'), {
      timeout: 15_000,
    });
    first.unmount();
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    await player(LIVE);
    await waitFor(() => expect(video()?.getAttribute('src')).toBe(LIVE));
    expect(hls.instances).toHaveLength(0);
  });
});
