import type { PlayerState } from '@vitrine/contract';
import { el } from './screens/dom';

// What the console's setting commands do to the page (ARCHITECTURE §7): brightness as a filter
// on the screen root, orientation by rotating it, screen off as a black layer above everything,
// volume and mute on every media element. Applied again from every state, so a restarted player
// comes back as it was set.

export type Settings = PlayerState['settings'];

/** How long identify shows the signage ID. */
export const IDENTIFY_MS = 10_000;

export const DEFAULT_SETTINGS: Settings = {
  volume: 50,
  mute: false,
  brightness: 100,
  orientation: 0,
  screen_on: true,
  timezone: null,
  screenshot_interval: 0,
};

/** The browser's own time zone: the screen's until one is set for it. */
export const BROWSER_TIME_ZONE: string = Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

/** The screen's time zone: the one set for it (a command, a preset), else the browser's. */
export const timeZoneOf = (settings: Pick<Settings, 'timezone'>): string =>
  settings.timezone ?? BROWSER_TIME_ZONE;

/** Volume and mute on one media element: one place, so every kind of media a screen plays obeys. */
export function applyAudio(media: HTMLMediaElement, settings: Settings): void {
  media.volume = Math.min(1, Math.max(0, settings.volume / 100));
  media.muted = settings.mute;
}

/** Rotates the root; for 90/270 its box takes the viewport's height as width and back. */
function rotate(root: HTMLElement, degrees: number): void {
  const turned = degrees === 90 || degrees === 270;
  Object.assign(root.style, {
    position: degrees ? 'fixed' : '',
    top: degrees ? '50%' : '',
    left: degrees ? '50%' : '',
    width: turned ? '100vh' : degrees ? '100vw' : '',
    height: turned ? '100vw' : degrees ? '100vh' : '',
    transform: degrees ? `translate(-50%, -50%) rotate(${degrees}deg)` : '',
  });
}

export class ScreenEffects {
  private settings: Settings = DEFAULT_SETTINGS;
  private readonly blackout = el('div', 'blackout');
  private identifyTimer: ReturnType<typeof setTimeout> | undefined;
  private identifying: HTMLElement | null = null;

  /** root: the element screens render into; layers go beside it, so a new screen keeps them. */
  constructor(private readonly root: HTMLElement) {}

  get current(): Settings {
    return this.settings;
  }

  apply(settings: Settings): void {
    this.settings = settings;
    this.root.style.filter = settings.brightness < 100 ? `brightness(${settings.brightness / 100})` : '';
    rotate(this.root, settings.orientation);
    if (settings.screen_on) this.blackout.remove();
    else if (!this.blackout.isConnected) document.body.append(this.blackout);
    // Not the startup video: it stays muted, as browsers start only muted videos by themselves
    // (unmuted, it would wait for a gesture that never comes and keep the screen covered).
    for (const media of document.querySelectorAll<HTMLMediaElement>('video:not(.startup-video), audio'))
      applyAudio(media, settings);
  }

  /** Flashes the signage ID large, above the content (not above a screen turned off). */
  identify(signageId: string): void {
    clearTimeout(this.identifyTimer);
    this.identifying?.remove();
    const layer = el('div', 'identify');
    layer.append(el('span', 'identify-id code', signageId));
    this.identifying = layer;
    this.root.after(layer);
    this.identifyTimer = setTimeout(() => {
      layer.remove();
      this.identifying = null;
    }, IDENTIFY_MS);
  }
}
