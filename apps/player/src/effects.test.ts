import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, IDENTIFY_MS, ScreenEffects } from './effects';

let root: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  root = document.createElement('main');
  document.body.append(root);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ScreenEffects', () => {
  it('dims the root and turns it back', () => {
    const effects = new ScreenEffects(root);
    effects.apply({ ...DEFAULT_SETTINGS, brightness: 40 });
    expect(root.style.filter).toBe('brightness(0.4)');
    effects.apply(DEFAULT_SETTINGS);
    expect(root.style.filter).toBe('');
  });

  it('rotates the root, swapping the viewport for 90 and 270', () => {
    const effects = new ScreenEffects(root);
    effects.apply({ ...DEFAULT_SETTINGS, orientation: 90 });
    expect(root.style.transform).toBe('translate(-50%, -50%) rotate(90deg)');
    expect([root.style.width, root.style.height]).toEqual(['100vh', '100vw']);
    effects.apply({ ...DEFAULT_SETTINGS, orientation: 180 });
    expect([root.style.width, root.style.height]).toEqual(['100vw', '100vh']);
    effects.apply(DEFAULT_SETTINGS);
    expect(root.style.transform).toBe('');
    expect(root.style.position).toBe('');
  });

  it('covers everything in black while the screen is off', () => {
    const effects = new ScreenEffects(root);
    effects.apply({ ...DEFAULT_SETTINGS, screen_on: false });
    effects.apply({ ...DEFAULT_SETTINGS, screen_on: false });
    expect(document.querySelectorAll('.blackout')).toHaveLength(1);
    // A new screen rendered into the root keeps it.
    root.replaceChildren(document.createElement('section'));
    expect(document.querySelector('.blackout')).not.toBeNull();
    effects.apply(DEFAULT_SETTINGS);
    expect(document.querySelector('.blackout')).toBeNull();
  });

  it('sets volume and mute on the media present', () => {
    const video = document.createElement('video');
    root.append(video);
    new ScreenEffects(root).apply({ ...DEFAULT_SETTINGS, volume: 30, mute: true });
    expect(video.volume).toBeCloseTo(0.3);
    expect(video.muted).toBe(true);
  });

  it('leaves the startup video muted whatever the sound settings', () => {
    const startup = document.createElement('video');
    startup.className = 'startup-video';
    startup.muted = true;
    document.body.append(startup);
    const played = document.createElement('video');
    root.append(played);
    new ScreenEffects(root).apply({ ...DEFAULT_SETTINGS, volume: 80, mute: false });
    expect(startup.muted).toBe(true);
    expect(played.muted).toBe(false);
    startup.remove();
  });

  it('shows the signage ID for a while when identifying', () => {
    vi.useFakeTimers();
    const effects = new ScreenEffects(root);
    effects.identify('AB3K9Q');
    effects.identify('AB3K9Q');
    expect(document.querySelectorAll('.identify')).toHaveLength(1);
    expect(document.querySelector('.identify-id')?.textContent).toBe('AB3K9Q');
    vi.advanceTimersByTime(IDENTIFY_MS);
    expect(document.querySelector('.identify')).toBeNull();
  });
});
