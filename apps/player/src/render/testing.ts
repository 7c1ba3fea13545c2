import type { PlayItem, ProgramZone } from '@vitrine/contract';
import { FramePacer, type Frames } from './pacer';
import type { PrepareSlide, Slide, SlideContext } from './slide';

/** Frames every 16 ms of (fake) time, as a 62.5 Hz screen would give them. */
export const FRAME_MS = 16;
export const testFrames: Frames = {
  request: (callback) => setTimeout(() => callback(Date.now()), FRAME_MS - (Date.now() % FRAME_MS)) as never,
  cancel: (handle) => clearTimeout(handle),
};
export const testPacer = () => new FramePacer(testFrames, () => Date.now());

export const image = (key: string, duration_ms: number, extra: Partial<PlayItem> = {}): PlayItem =>
  ({
    key,
    content_id: Number(key.replace(/\D/g, '')) || 1,
    duration_ms,
    transition: 'none',
    kind: 'image',
    media: { hash: key, url: `/backend/media/${key}`, mime: 'image/png', size: 1 },
    fit: 'contain',
    ...extra,
  }) as PlayItem;

export const zoneOf = (items: PlayItem[], extra: Partial<ProgramZone> = {}): ProgramZone => ({
  key: 'z1',
  x: 0,
  y: 0,
  width: 1920,
  height: 1080,
  z: 0,
  background_color: 'transparent',
  shuffle: false,
  items,
  ...extra,
});

export type PrepareCall = {
  item: PlayItem;
  context: SlideContext;
  started: number | null;
  /** When the frame showing its successor hid it (Slide.leave). */
  left: number | null;
  disposed: boolean;
};

/**
 * A prepare that fills the layer with a marker and records what happened to each slide; `fail`
 * decides per item: undefined = ready at once, an Error = rejected, 'never' = never ready.
 */
export function recordingPrepare(fail: (item: PlayItem) => Error | 'never' | undefined = () => undefined) {
  const calls: PrepareCall[] = [];
  const prepare: PrepareSlide = (item, context) => {
    const call: PrepareCall = { item, context, started: null, left: null, disposed: false };
    calls.push(call);
    const failure = fail(item);
    if (failure === 'never') return new Promise<Slide>(() => {});
    if (failure) return Promise.reject(failure);
    const marker = document.createElement('span');
    marker.textContent = item.key;
    context.layer.append(marker);
    return Promise.resolve({
      start() {
        call.started = Date.now();
      },
      leave() {
        call.left = Date.now();
      },
      dispose() {
        call.disposed = true;
      },
    });
  };
  return { prepare, calls };
}

/** The keys of the layers shown in a zone's element, bottom to top. */
export const shownKeys = (zone: HTMLElement) =>
  [...zone.querySelectorAll<HTMLElement>('.render-layer--shown')]
    .sort((a, b) => Number(a.style.zIndex) - Number(b.style.zIndex))
    .map((layer) => layer.dataset.key);
