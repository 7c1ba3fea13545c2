import {
  BASE_WIDTH_LARGE,
  BASE_WIDTH_SMALL,
  MOBILE_MAX_WIDTH,
  RESIZE_DEBOUNCE_MS,
  ROOT_FONT_MAX_SCALE,
} from '@vitrine/contract';
import { useSyncExternalStore } from 'react';

// Mobile mode: a window narrower than 768 px or a phone/tablet (spec 000 §1), re-checked on
// resize with a 250 ms debounce.
export type LayoutMode = { mobile: boolean; pad: boolean };

const PHONE_OR_TABLET = /Android|iPhone|iPad|iPod|Mobile|Tablet|webOS|BlackBerry|IEMobile|Opera Mini/i;
const TABLET = /iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i;

export function detectLayoutMode(width: number, userAgent: string, touchPoints = 0): LayoutMode {
  // iPadOS reports itself as a Mac; the touch screen gives it away.
  const pad = TABLET.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return { mobile: width < MOBILE_MAX_WIDTH || pad || PHONE_OR_TABLET.test(userAgent), pad };
}

/** Root font size (spec 000 §9): 16 × min(viewport width / base width, 3). */
export function rootFontSize(viewportWidth: number, small: boolean): number {
  const base = small ? BASE_WIDTH_SMALL : BASE_WIDTH_LARGE;
  return 16 * Math.min(viewportWidth / base, ROOT_FONT_MAX_SCALE);
}

const current = (): LayoutMode =>
  detectLayoutMode(window.innerWidth, navigator.userAgent, navigator.maxTouchPoints ?? 0);

let mode: LayoutMode = current();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function applyRootFont(): void {
  document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth, mode.mobile)}px`;
}

function onResize(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const next = current();
    applyRootFont();
    if (next.mobile === mode.mobile && next.pad === mode.pad) return;
    mode = next;
    for (const listener of listeners) listener();
  }, RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('resize', onResize);
    // Nobody listened until now: the window may have changed meanwhile.
    const next = current();
    if (next.mobile !== mode.mobile || next.pad !== mode.pad) {
      mode = next;
      queueMicrotask(listener);
    }
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('resize', onResize);
  };
}

export const getLayoutMode = (): LayoutMode => mode;

/** The mode right now, for code outside React: measured afresh when no component listens. */
export const currentLayoutMode = (): LayoutMode => (listeners.size > 0 ? mode : current());

export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, getLayoutMode, getLayoutMode);
}

/** Applies the root font size now and on every (debounced) resize for the life of the page. */
export function startRootFontSizing(): void {
  applyRootFont();
  subscribe(() => {});
}
