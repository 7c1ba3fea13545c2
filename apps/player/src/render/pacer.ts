/** requestAnimationFrame and its cancel, injectable for tests. */
export type Frames = {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
};

export const browserFrames: Frames = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

const DEFAULT_INTERVAL_MS = 1000 / 60;
/**
 * Frames are watched from this long before a due time, to learn their pace and not miss it: a timer
 * fires late on a busy machine (by tens of milliseconds at a load of 18 on 2 cores), a frame never
 * does more than the machine's frames do.
 */
export const LEAD_MS = 250;

/**
 * Times changes to the frame: a change made in the frame that starts at t is painted on the screen
 * one frame later, so a change due at `due` is made in the frame whose paint lands nearest to it.
 */
export class FramePacer {
  /** The frame interval, learnt from the frames seen. */
  interval = DEFAULT_INTERVAL_MS;
  private lastFrame = 0;

  constructor(
    private readonly frames: Frames = browserFrames,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** When a change made in the frame starting at `frameTime` reaches the screen. */
  painted(frameTime: number): number {
    return frameTime + this.interval;
  }

  /**
   * Runs `run` in the frame painting nearest to `due` (at once if due is past); returns a cancel.
   * `due` may be a function, read on every frame: a due time that moves (re-based) is followed.
   */
  at(due: number | (() => number), run: (frameTime: number) => void): () => void {
    const dueAt = typeof due === 'function' ? due : () => due;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let handle = 0;
    let cancelled = false;
    const onFrame = (time: number) => {
      if (cancelled) return;
      this.learn(time);
      if (this.painted(time) + this.interval / 2 >= dueAt()) run(time);
      else handle = this.frames.request(onFrame);
    };
    const watch = () => {
      this.lastFrame = 0;
      handle = this.frames.request(onFrame);
    };
    const wait = dueAt() - LEAD_MS - this.now();
    if (wait > 0) timer = setTimeout(watch, wait);
    else watch();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      this.frames.cancel(handle);
    };
  }

  /** Runs `run` in the next frame; returns a cancel. */
  next(run: (frameTime: number) => void): () => void {
    const handle = this.frames.request((time) => {
      this.learn(time);
      run(time);
    });
    return () => this.frames.cancel(handle);
  }

  private learn(time: number): void {
    const delta = time - this.lastFrame;
    // Consecutive frames only: a gap of several frames (a busy page, a hidden tab) teaches nothing.
    if (this.lastFrame > 0 && delta > 4 && delta < 40) this.interval = this.interval * 0.9 + delta * 0.1;
    this.lastFrame = time;
  }
}
