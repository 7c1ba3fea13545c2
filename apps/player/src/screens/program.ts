import type { PlayItem, Program } from '@vitrine/contract';
import { ProgramHost } from '../render/host';
import type { RenderDeps } from '../render/program';
import { el, mount, type ScreenView } from './dom';

/**
 * A paired screen playing its program, for a schedule (null: the default content); a new program
 * replaces the old without a blank.
 */
export type ProgramScreen = ScreenView & { play(program: Program, scheduleId: number | null): void };

/** Proof of play: an item of the program played for a schedule came on screen; the answer is called when it leaves. */
export type OnPlayback = (item: PlayItem, scheduleId: number | null, alone: boolean) => () => void;

export function renderProgramScreen(
  root: HTMLElement,
  { onPlayback, ...deps }: RenderDeps & { onPlayback?: OnPlayback },
): ProgramScreen {
  const screen = el('section', 'screen program');
  mount(root, screen);
  const host = new ProgramHost(screen, deps);
  return {
    play: (program, scheduleId) =>
      host.show(
        program,
        onPlayback ? { onItemShown: (item, alone) => onPlayback(item, scheduleId, alone) } : {},
        String(scheduleId),
      ),
    // Nothing drawn over the content: the status is for the page's inspector only.
    setStatus(value) {
      screen.dataset.status = value;
    },
    destroy() {
      host.destroy();
    },
  };
}
