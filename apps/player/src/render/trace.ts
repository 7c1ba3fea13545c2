import type { PlayItemKind } from '@vitrine/contract';

/** An item on screen: when it was due and which frame first painted it (performance.now() times). */
export type RenderTraceEvent = {
  zone: string;
  key: string;
  kind: PlayItemKind;
  /**
   * When the item before it ended, as the renderer timed the swap: its real end of display, i.e.
   * its duration from when its playback really began (a video: from its first frame presented
   * playing, see SlideContext.began), else from when it was planned to start. Null for a zone's
   * first item.
   */
  due: number | null;
  /** That end as planned when the item before it was shown (before any re-basing). */
  planned: number | null;
  /** When its preparation began, and when it was ready to show (loaded and decoded). */
  requested: number;
  prepared: number;
  /** The frame in which its layer was shown. */
  frame: number;
  /** The next frame's time: when the frame showing it was on the screen. */
  painted: number;
};

/**
 * An optional hook for measurements (bench/player): when the page defines
 * window.__vitrineRenderTrace, it is called for every item shown.
 */
export type RenderTrace = (event: RenderTraceEvent) => void;

export function traceHook(): RenderTrace | undefined {
  return (globalThis as { __vitrineRenderTrace?: RenderTrace }).__vitrineRenderTrace;
}
