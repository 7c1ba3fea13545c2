import type { PlayItemKind } from '@vitrine/contract';

/** An item on screen: when it was due and which frame first painted it (performance.now() times). */
export type RenderTraceEvent = {
  zone: string;
  key: string;
  kind: PlayItemKind;
  /** When the item before it was to end; null for a zone's first item. */
  due: number | null;
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
