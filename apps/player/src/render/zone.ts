import { type ContentErrorReason, type PlayItem, type ProgramZone, TRANSITION_MS } from '@vitrine/contract';
import { PassOrder } from './order';
import type { FramePacer } from './pacer';
import { type PrepareSlide, type Slide, type SlideContext, SlideError } from './slide';
import { nextOccurrence, type Occurrence, occurrenceAt } from './timeline';
import { traceHook } from './trace';

// One zone of a program: its items in turn, each prepared in a second layer under the one shown
// and swapped in on the frame its predecessor ends, so the screen never shows an empty zone.

/** An item that takes longer than this to be ready is skipped. */
export const PREPARE_TIMEOUT_MS = 15_000;
/** After every item of a zone failed in a row, wait this long before trying them again. */
export const RETRY_MS = 10_000;

/** An item that could not be shown, for POST /backend/player/content-error. */
export type ContentErrorReport = {
  content_id: number | null;
  key: string;
  reason: ContentErrorReason;
  message: string;
};

export type ZoneDeps = {
  prepare: PrepareSlide;
  pacer: FramePacer;
  context: Pick<SlideContext, 'now' | 'language' | 'timeZone' | 'canvasHeight'>;
  onContentError: (report: ContentErrorReport) => void;
  /**
   * An item's stored file would not load or decode (its media element's error, an image that did
   * not load): the copy the screen keeps may be spoilt (media-cache.ts dropBroken).
   */
  onMediaFailed?: (url: string) => void;
  /** The key of the item to begin with (a program coming back after an interruption); else the first. */
  startAt?: string;
  /** An item came on screen (alone: the only one of its zone, which stays on); call the answer when it leaves. */
  onItemShown?: (item: PlayItem, alone: boolean) => () => void;
  random?: () => number;
  /** A synced program (docs/sync.md): the zone's loop is placed by server time, not by when it began. */
  sync?: ZoneSync;
};

/** A synced program's loop: its epoch, and server time against the pacer's clock. */
export type ZoneSync = {
  epoch: number;
  serverAt(local: number): number;
  localAt(server: number): number;
};

type Shown = {
  item: PlayItem;
  slide: Slide;
  layer: HTMLElement;
  abort: AbortController;
  /**
   * When its preparation began, when it was ready, and when it is to end (pacer times). `planned`
   * is the end set as it was shown; `due` the one it really has: re-based to when its playback
   * really began, for an item that tells (a video), else the same.
   */
  requested: number;
  prepared: number;
  /** While the zone is paused: the end it will have, less the pause (its `due` is then never). */
  held?: number;
  planned: number;
  due: number;
  /** Its end was re-based (once). */
  rebased?: boolean;
  /** In a synced zone: its turn in the loop, in server time. */
  turn?: Occurrence;
  /** It failed while shown (reported once). */
  broken?: boolean;
  /** Tells proof of play it left the screen. */
  left?: () => void;
};

export class ZonePlayer {
  readonly element: HTMLDivElement;
  private readonly order: PassOrder<PlayItem>;
  private shown: Shown | null = null;
  private destroyed = false;
  private layers = 0;
  private readonly cancels = new Set<() => void>();
  private readonly aborts = new Set<AbortController>();
  private endEarly: (() => void) | null = null;
  /** Since when the zone is paused (pacer time), and the media it paused. */
  private pausedAt: number | null = null;
  private pausedMedia: HTMLMediaElement[] = [];
  private firstShown!: () => void;
  /** Settles once the zone shows its first item (or has tried every item once). */
  readonly ready = new Promise<void>((resolve) => {
    this.firstShown = resolve;
  });

  private readonly durations: number[];

  constructor(
    private readonly zone: ProgramZone,
    private readonly deps: ZoneDeps,
  ) {
    this.durations = zone.items.map((item) => item.duration_ms);
    this.order = new PassOrder(zone.items, zone.shuffle, deps.random);
    if (deps.startAt !== undefined) this.order.startAt((item) => item.key === deps.startAt);
    this.element = document.createElement('div');
    this.element.className = 'render-zone';
    Object.assign(this.element.style, {
      left: `${zone.x}px`,
      top: `${zone.y}px`,
      width: `${zone.width}px`,
      height: `${zone.height}px`,
      zIndex: String(zone.z),
      background: zone.background_color,
    });
    this.element.dataset.zone = zone.key;
  }

  /** The key of the item on screen, if any. */
  get current(): string | null {
    return this.shown?.item.key ?? null;
  }

  start(): void {
    if (this.zone.items.length === 0) this.firstShown();
    else void this.run();
  }

  /**
   * Holds the zone where it is (a sensor schedule interrupts the screen): the shown item's end waits
   * and its videos and sounds pause, so that resume() goes on from the same frame.
   */
  pause(): void {
    if (this.pausedAt !== null || this.destroyed) return;
    this.pausedAt = this.deps.pacer.now();
    if (this.shown) {
      this.shown.held = this.shown.due;
      this.shown.due = Number.POSITIVE_INFINITY;
    }
    this.pausedMedia = [...this.element.querySelectorAll<HTMLMediaElement>('video, audio')].filter(
      (media) => !media.paused,
    );
    for (const media of this.pausedMedia) media.pause();
  }

  /** Goes on after pause(): the shown item keeps the time it had left, its media play on. */
  resume(): void {
    if (this.pausedAt === null) return;
    const paused = this.deps.pacer.now() - this.pausedAt;
    this.pausedAt = null;
    const shown = this.shown;
    if (shown?.held !== undefined) {
      shown.due = shown.held + paused;
      shown.planned += paused;
      shown.held = undefined;
    }
    for (const media of this.pausedMedia) void media.play().catch(() => {});
    this.pausedMedia = [];
  }

  destroy(): void {
    this.destroyed = true;
    if (this.shown) this.leave(this.shown);
    for (const cancel of this.cancels) cancel();
    for (const abort of this.aborts) abort.abort();
    this.shown?.slide.dispose();
    this.element.remove();
  }

  private get alone(): boolean {
    return this.zone.items.length === 1;
  }

  private async run(): Promise<void> {
    while (!this.destroyed) {
      const next = await this.prepareNext();
      if (!next || this.destroyed) return;
      await this.swapIn(next);
      if (this.destroyed) return;
      // A zone of one item keeps it on; it is prepared again only if it broke.
      if (this.alone) await this.untilEnded();
    }
  }

  /**
   * The next item that gets ready, reporting and skipping those that fail. Synced, the next is the
   * turn after the one shown, or for the first (or after a failure) the turn playing now; one whose
   * turn ended while it was being prepared gives way to the turn playing by then.
   */
  private async prepareNext(): Promise<Shown | null> {
    let failures = 0;
    const { sync } = this.deps;
    let turn = this.shown?.turn && sync ? nextOccurrence(this.durations, this.shown.turn) : undefined;
    while (!this.destroyed) {
      if (sync && !turn)
        turn = occurrenceAt(this.durations, sync.epoch, sync.serverAt(this.deps.pacer.now()));
      const item = turn ? (this.zone.items[turn.index] as PlayItem) : (this.order.next() as PlayItem);
      try {
        const next = await this.prepare(item, turn);
        if (!sync || !turn || turn.end > sync.serverAt(this.deps.pacer.now() + this.deps.pacer.interval)) {
          return next;
        }
        this.release(next);
        turn = undefined;
      } catch (error) {
        // Synced, the turn after the failed one is tried (a failed first: shown when its turn comes).
        turn = turn ? nextOccurrence(this.durations, turn) : undefined;
        if (this.destroyed) return null;
        this.report(
          item,
          error instanceof SlideError
            ? error
            : new SlideError('load', String((error as Error)?.message ?? error)),
        );
        if (++failures >= this.zone.items.length) {
          this.firstShown();
          failures = 0;
          await this.sleep(RETRY_MS);
        }
      }
    }
    return null;
  }

  private async prepare(item: PlayItem, turn?: Occurrence): Promise<Shown> {
    const requested = this.deps.pacer.now();
    const layer = document.createElement('div');
    layer.className = 'render-layer';
    layer.dataset.key = item.key;
    this.element.append(layer);
    const abort = new AbortController();
    this.aborts.add(abort);
    const context: SlideContext = {
      ...this.deps.context,
      layer,
      signal: abort.signal,
      alone: this.alone,
      failed: (error) => this.failed(item, error),
      began: (at) => this.began(item, at),
      synced: turn && this.deps.sync ? { start: turn.start, serverAt: this.deps.sync.serverAt } : undefined,
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new SlideError('timeout', `not ready after ${PREPARE_TIMEOUT_MS / 1000} s`));
      }, PREPARE_TIMEOUT_MS);
    });
    try {
      const slide = await Promise.race([this.deps.prepare(item, context), timeout]);
      const prepared = this.deps.pacer.now();
      return { item, slide, layer, abort, requested, prepared, planned: 0, due: 0, turn };
    } catch (error) {
      abort.abort();
      this.aborts.delete(abort);
      layer.remove();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Shows the prepared item on the frame the shown one ends, and hides that one in the same frame;
   * settles once the old one is gone, so that a zone holds two layers at most. The shown one's end
   * is read on every frame, as it may be re-based meanwhile.
   */
  private swapIn(next: Shown): Promise<void> {
    const outgoing = this.shown;
    const { pacer } = this.deps;
    return new Promise((resolve) => {
      const show = (frameTime: number) => {
        this.cancels.delete(cancel);
        this.endEarly = null;
        if (this.destroyed) return next.slide.dispose();
        const due = outgoing ? this.dueOf(outgoing) : 0;
        const painted = pacer.painted(frameTime);
        // On time, the item's own time runs from when it was due: no drift over a long playlist.
        // Synced, it ends when its turn does, by server time.
        next.planned = next.turn
          ? this.dueOf(next)
          : (outgoing && painted - due <= pacer.interval ? due : painted) + next.item.duration_ms;
        next.due = next.planned;
        next.layer.style.zIndex = String(++this.layers);
        next.layer.classList.add('render-layer--shown');
        const transition = outgoing?.item.transition ?? 'none';
        if (outgoing && transition !== 'none') next.layer.classList.add(`render-layer--enter-${transition}`);
        else if (outgoing) {
          outgoing.layer.classList.remove('render-layer--shown');
          outgoing.slide.leave?.();
        }
        this.shown = next;
        if (outgoing) this.leave(outgoing);
        next.slide.start();
        next.left = this.deps.onItemShown?.(next.item, this.alone);
        this.firstShown();
        this.afterPaint(next, outgoing, frameTime, transition !== 'none', resolve);
      };
      const { sync } = this.deps;
      const first = sync && next.turn ? sync.localAt(next.turn.start) : null;
      let cancel = outgoing
        ? pacer.at(() => this.dueOf(outgoing), show)
        : first !== null
          ? pacer.at(first, show)
          : pacer.next(show);
      this.cancels.add(cancel);
      // The shown item broke: the next one takes over at once.
      this.endEarly = () => {
        cancel();
        this.cancels.delete(cancel);
        cancel = pacer.next(show);
        this.cancels.add(cancel);
      };
    });
  }

  /** Once the new item is on the screen, the old one goes (after its transition). */
  private afterPaint(
    next: Shown,
    outgoing: Shown | null,
    frame: number,
    transition: boolean,
    done: () => void,
  ) {
    // The outgoing item's end as the swap used it (a broken item's is when it broke).
    const due = outgoing ? this.dueOf(outgoing) : null;
    const planned = outgoing ? outgoing.planned : null;
    const cancel = this.deps.pacer.next((painted) => {
      this.cancels.delete(cancel);
      const { key, kind } = next.item;
      const { requested, prepared } = next;
      traceHook()?.({ zone: this.zone.key, key, kind, due, planned, requested, prepared, frame, painted });
      if (!outgoing || !transition) {
        if (outgoing) this.release(outgoing);
        return done();
      }
      const timer = setTimeout(() => {
        this.cancels.delete(stop);
        next.layer.className = 'render-layer render-layer--shown';
        this.release(outgoing);
        done();
      }, TRANSITION_MS);
      const stop = () => clearTimeout(timer);
      this.cancels.add(stop);
    });
    this.cancels.add(cancel);
  }

  /**
   * When a shown item ends on the pacer's clock: synced, its turn's end by the clock as it is now
   * (it slews), unless it broke; else its end as set (and maybe re-based).
   */
  private dueOf(shown: Shown): number {
    const { sync } = this.deps;
    if (!sync || !shown.turn || shown.broken) return shown.due;
    return sync.localAt(shown.turn.end);
  }

  private leave(shown: Shown): void {
    shown.left?.();
    shown.left = undefined;
  }

  private release(shown: Shown): void {
    this.leave(shown);
    shown.slide.dispose();
    shown.layer.remove();
    this.aborts.delete(shown.abort);
  }

  private report(item: PlayItem, error: SlideError): void {
    const { content_id, key } = item;
    this.deps.onContentError({ content_id, key, reason: error.reason, message: error.message });
    if ('media' in item && (error.reason === 'load' || error.reason === 'decode')) {
      this.deps.onMediaFailed?.(item.media.url);
    }
  }

  /** The shown item broke while playing. */
  private failed(item: PlayItem, error: SlideError): void {
    if (this.destroyed || this.shown?.item !== item || this.shown.broken) return;
    this.report(item, error);
    this.shown.broken = true;
    this.shown.due = Math.min(this.shown.due, this.deps.pacer.now());
    if (this.alone) this.endAlone?.();
    else this.endEarly?.();
  }

  /**
   * The shown item's playback really began at `at` (a video: not quite when its layer was painted,
   * see SlideContext.began): it lasts its duration from then, so that it is neither cut short nor the next item
   * late; a swap already waiting for its end follows (swapIn reads the end on every frame).
   */
  private began(item: PlayItem, at: number): void {
    const shown = this.shown;
    // Synced, the turn decides the end, not when playback began.
    if (
      this.destroyed ||
      shown?.item !== item ||
      shown.broken ||
      shown.rebased ||
      shown.turn ||
      !Number.isFinite(at)
    )
      return;
    shown.rebased = true;
    if (shown.held !== undefined) shown.held = at + item.duration_ms;
    else shown.due = at + item.duration_ms;
  }

  private endAlone: (() => void) | null = null;

  /** A lone item plays until it breaks (maybe already); then it is tried again after a pause. */
  private async untilEnded(): Promise<void> {
    if (!this.shown?.broken) {
      await new Promise<void>((resolve) => {
        this.endAlone = resolve;
      });
      this.endAlone = null;
    }
    await this.sleep(RETRY_MS);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cancels.delete(stop);
        resolve();
      }, ms);
      const stop = () => clearTimeout(timer);
      this.cancels.add(stop);
    });
  }
}
