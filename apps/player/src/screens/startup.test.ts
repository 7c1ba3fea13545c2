import { describe, expect, it } from 'vitest';
import { StartupCurtain } from './startup';

// The startup curtain: the logo, then the video, then the screen's own view once it is ready.

const LOGO = '/backend/media/aaaa';
const VIDEO = '/backend/media/bbbb';

function curtain() {
  const host = document.createElement('div');
  const timers: (() => void)[] = [];
  const shown = new StartupCurtain(host, (_ms, then) => void timers.push(then));
  const layer = () => host.querySelector<HTMLElement>('.startup-curtain');
  return {
    host,
    shown,
    layer,
    logoTime: () => {
      for (const then of timers) then();
    },
  };
}

describe('the startup curtain', () => {
  it('shows the logo until its time is up and the screen is ready', () => {
    const { shown, layer, logoTime } = curtain();
    shown.show({ logo: LOGO, video: null });
    expect(layer()?.querySelector('img')?.getAttribute('src')).toBe(LOGO);
    shown.ready();
    expect(layer()).not.toBeNull();
    logoTime();
    expect(layer()).toBeNull();
  });

  it('plays the video muted over the logo, and lifts only once it ended and the screen is ready', () => {
    const { shown, layer, logoTime } = curtain();
    shown.show({ logo: LOGO, video: VIDEO });
    const video = layer()?.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(VIDEO);
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    video.dispatchEvent(new Event('playing'));
    expect(layer()?.classList.contains('startup-curtain--video')).toBe(true);
    logoTime();
    shown.ready();
    expect(layer()).not.toBeNull();
    video.dispatchEvent(new Event('ended'));
    expect(layer()).toBeNull();
  });

  it('gives way when the video cannot play', () => {
    const { shown, layer } = curtain();
    shown.show({ logo: null, video: VIDEO });
    shown.ready();
    layer()?.querySelector('video')?.dispatchEvent(new Event('error'));
    expect(layer()).toBeNull();
  });

  it('shows nothing without startup media, and follows only the first state it is given', () => {
    const { shown, layer } = curtain();
    shown.show({ logo: null, video: null });
    shown.show({ logo: LOGO, video: VIDEO });
    expect(layer()).toBeNull();
  });
});
