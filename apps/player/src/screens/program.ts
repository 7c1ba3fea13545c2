import type { Program } from '@vitrine/contract';
import { ProgramHost } from '../render/host';
import type { RenderDeps } from '../render/program';
import { el, mount, type ScreenView } from './dom';

/** A paired screen playing its program; a new program replaces the old without a blank. */
export type ProgramScreen = ScreenView & { play(program: Program): void };

export function renderProgramScreen(root: HTMLElement, deps: RenderDeps): ProgramScreen {
  const screen = el('section', 'screen program');
  mount(root, screen);
  const host = new ProgramHost(screen, deps);
  return {
    play: (program) => host.show(program),
    // Nothing drawn over the content: the status is for the page's inspector only.
    setStatus(value) {
      screen.dataset.status = value;
    },
    destroy() {
      host.destroy();
    },
  };
}
