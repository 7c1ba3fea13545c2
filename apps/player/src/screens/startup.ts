import type { PlayerState } from '@vitrine/contract';
import { mediaSource } from '../render/media-source';
import { el } from './dom';

// The startup logo and video (docs/device-features.md "Startup video and logo"): over whatever the
// screen shows while it starts, from the moment the player knows them (the state kept from its last
// run, else the server's first answer). The logo first, then the video once (muted: browsers start
// only muted videos by themselves), then the screen's own program or idle screen, once that is ready.

/** The logo stays at least this long, so that a quick start does not just flash it. */
export const LOGO_MIN_MS = 3000;

export class StartupCurtain {
  private layer: HTMLElement | null = null;
  private decided = false;
  private videoDone = true;
  private logoDone = true;
  private screenReady = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly wait: (ms: number, then: () => void) => void = (ms, then) => void setTimeout(then, ms),
  ) {}

  /** Shows the first known state's startup media; later states change nothing (they are for the next start). */
  show(startup: PlayerState['startup']): void {
    if (this.decided) return;
    this.decided = true;
    if (!startup.logo && !startup.video) return;
    const layer = el('div', 'startup-curtain');
    layer.dataset.testid = 'startup';
    if (startup.logo) {
      const logo = el('img', 'startup-logo');
      logo.alt = '';
      logo.src = mediaSource(startup.logo);
      layer.append(logo);
      this.logoDone = false;
      this.wait(LOGO_MIN_MS, () => {
        this.logoDone = true;
        this.end();
      });
    }
    if (startup.video) {
      const video = el('video', 'startup-video');
      video.muted = true;
      video.autoplay = true;
      video.playsInline = true;
      video.src = mediaSource(startup.video);
      // Over the logo once it really plays; its end (or a file that cannot play) lets the screen show.
      video.addEventListener('playing', () => layer.classList.add('startup-curtain--video'));
      const done = () => {
        this.videoDone = true;
        this.end();
      };
      video.addEventListener('ended', done);
      video.addEventListener('error', done);
      layer.append(video);
      this.videoDone = false;
    }
    this.layer = layer;
    this.host.append(layer);
  }

  /** The screen has drawn something of its own (program, idle, pairing or licence screen). */
  ready(): void {
    this.screenReady = true;
    this.end();
  }

  private end(): void {
    if (!this.layer || !this.screenReady || !this.videoDone || !this.logoDone) return;
    this.layer.remove();
    this.layer = null;
  }
}
