import type { Program } from '@vitrine/contract';
import { type ProgramView, type RenderDeps, renderProgram } from './program';

/**
 * The program a screen (or a preview) shows, replaced without a flash: the new one is rendered
 * above the old, which goes only once the new one shows every zone's first item.
 */
export class ProgramHost {
  private view: ProgramView | null = null;
  private pending: ProgramView | null = null;
  private shown = '';

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
    const next = renderProgram(this.root, program, { ...this.deps, ...extra });
    this.pending = next;
    void next.ready.then(() => {
      if (this.pending !== next) return;
      this.view?.destroy();
      this.view = next;
      this.pending = null;
    });
  }

  destroy(): void {
    this.pending?.destroy();
    this.view?.destroy();
    this.pending = this.view = null;
    this.shown = '';
  }
}
