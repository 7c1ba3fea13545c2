import type { ContentErrorReason, Language, PlayItem } from '@vitrine/contract';

/** An item made ready to show: its layer filled and loaded, waiting unseen under the shown one. */
export type Slide = {
  /** On screen now: play, scroll, tick. */
  start(): void;
  /**
   * Hidden, in the frame that shows its successor (without a transition): stop before being
   * disposed. A video pauses on the frame it shows, so it does not reach its end of stream as the
   * next item is painted (that end costs the page a frame or two).
   */
  leave?(): void;
  /** Off screen for good: stop and let go of what it holds. */
  dispose(): void;
};

/** What every slide may need besides its item. */
export type SlideContext = {
  /** The layer to fill: in the page already (so a video decodes its first frame), not yet shown. */
  layer: HTMLElement;
  /** Server time now (ms), for clocks. */
  now: () => number;
  language: Language;
  /** The screen's time zone now (the one set for it, else the browser's), for clocks. */
  timeZone: () => string;
  /** The program's canvas height: text sizes are given for a 1080-pixel-high canvas. */
  canvasHeight: number;
  /** The item stopped playing on its own (a video that broke while shown). */
  failed: (error: SlideError) => void;
  /**
   * Its playback really began at this time (pacer clock, performance.now()): a video tells when
   * its first frame was, or would have been, on screen once playing, which differs from when the
   * frame showing its layer was painted (its clock starts as play() is called in that frame, a frame
   * before the paint, or later on a busy machine). The item then lasts its duration from then.
   */
  began: (at: number) => void;
  /** Aborted when the slide is no longer wanted (the program changed). */
  signal: AbortSignal;
  /** Whether this item plays alone in its zone (kept on, a video looping). */
  alone: boolean;
  /**
   * A synced program's item (docs/sync.md): its turn began at server time `start`; `serverAt` maps
   * the pacer's clock (a frame's time) to server time. A video follows it frame by frame.
   */
  synced?: { start: number; serverAt(local: number): number };
};

/** Why an item could not be shown, as reported to the server. */
export class SlideError extends Error {
  constructor(
    readonly reason: ContentErrorReason,
    message: string,
  ) {
    super(message);
  }
}

export type PrepareSlide = (item: PlayItem, context: SlideContext) => Promise<Slide>;

/** An element with a class. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  return element;
}

/** Resolves on the first of the events, rejects on an error event or an abort. */
export function whenEvent(
  target: EventTarget,
  events: string[],
  signal: AbortSignal,
  error: () => SlideError,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = () => {
      for (const name of events) target.removeEventListener(name, onEvent);
      target.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    const onEvent = (event: Event) => {
      done();
      resolve(event.type);
    };
    const onError = () => {
      done();
      reject(error());
    };
    const onAbort = () => {
      done();
      reject(new SlideError('load', 'aborted'));
    };
    for (const name of events) target.addEventListener(name, onEvent);
    target.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
  });
}
