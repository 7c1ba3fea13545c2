import type { Program } from '@vitrine/contract';
import { type ProgramView, type RenderDeps, renderProgram } from './program';

const RESUME_KEPT = 4;

/**
 * The program a screen (or a preview) shows, replaced without a flash: the new one is rendered
 * above the old, which goes only once the new one shows every zone's first item. A program that
 * comes back after another (the one a spot interrupted) resumes with the items it was showing.
 */
export class ProgramHost {
  private view: ProgramView | null = null;
  private pending: ProgramView | null = null;
  private shown = '';
  private viewKey = '';
  private paused = false;
  /** Where recently replaced programs were (by their show key), so one coming back resumes there. */
  private readonly left = new Map<string, Record<string, string>>();

  constructor(
    private readonly root: HTMLElement,
    private readonly deps: RenderDeps,
  ) {}

  /**
   * Shows this program; the same one again (same JSON, same tag) changes nothing. `extra` adds to
   * the host's dependencies for this program (proof of play naming its schedule, which `tag` names).
   */
  show(program: Program, extra: Partial<RenderDeps> = {}, tag = ''): void {
    const key = `${tag}|${JSON.stringify(program)}`;
    if (key === this.shown) return;
    this.shown = key;
    this.pending?.destroy();
    this.pending = null;
    // Back to the one still on screen before its successor showed: it just stays.
    if (this.view && key === this.viewKey) return;
    const resume = this.left.get(key);
    this.left.delete(key);
    const next = renderProgram(this.root, program, { ...this.deps, ...extra, resume });
    if (this.paused) next.pause();
    this.pending = next;
    void next.ready.then(() => {
      if (this.pending !== next) return;
      // The one going away: where it was, in case it comes back (a spot's end).
      if (this.view) this.remember(this.viewKey, this.view.positions());
      this.view?.destroy();
      this.view = next;
      this.viewKey = key;
      this.pending = null;
    });
  }

  /** Holds what is on screen (and what replaces it) where it is until resume(). */
  pause(): void {
    this.paused = true;
    this.view?.pause();
    this.pending?.pause();
  }

  resume(): void {
    this.paused = false;
    this.view?.resume();
    this.pending?.resume();
  }

  private remember(key: string, positions: Record<string, string>): void {
    this.left.delete(key);
    this.left.set(key, positions);
    // The last few only: a program interrupted by a spot comes back within minutes.
    if (this.left.size > RESUME_KEPT) this.left.delete(this.left.keys().next().value as string);
  }

  destroy(): void {
    this.left.clear();
    this.pending?.destroy();
    this.view?.destroy();
    this.pending = this.view = null;
    this.shown = this.viewKey = '';
  }
}
