import type { PlayItem, Program, VideoWallCell } from '@vitrine/contract';
import { ProgramHost } from '../render/host';
import type { RenderDeps } from '../render/program';
import { el, mount, type ScreenView } from './dom';

/**
 * A paired screen playing its program, for a schedule (null: the default content), on its own or
 * across the video wall it is in (wall: its place there); a new program replaces the old without a
 * blank. A sensor schedule's read interrupts it: the triggered program plays over it for a while,
 * and the program under it holds where it was (its item's time and its video's position) until the
 * interruption ends, then goes on.
 */
export type ProgramScreen = ScreenView & {
  play(program: Program, scheduleId: number | null, wall: VideoWallCell | null): void;
  /** A sensor schedule's program over what plays, for `ms`; a new read starts it again. */
  interrupt(program: Program, scheduleId: number, ms: number, sensorId: string): void;
};

/** Proof of play: an item of the program played for a schedule came on screen; the answer is called when it leaves. */
export type OnPlayback = (
  item: PlayItem,
  scheduleId: number | null,
  alone: boolean,
  sensorId: string | null,
) => () => void;

export function renderProgramScreen(
  root: HTMLElement,
  { onPlayback, ...deps }: RenderDeps & { onPlayback?: OnPlayback },
): ProgramScreen {
  const screen = el('section', 'screen program');
  const over = el('div', 'program-interrupt');
  over.hidden = true;
  mount(root, screen);
  screen.append(over);
  const host = new ProgramHost(screen, deps);
  let interruption: { host: ProgramHost; timer: ReturnType<typeof setTimeout> } | null = null;

  const endInterruption = (resume: boolean) => {
    if (!interruption) return;
    clearTimeout(interruption.timer);
    interruption.host.destroy();
    interruption = null;
    over.hidden = true;
    delete screen.dataset.interrupted;
    if (resume) host.resume();
  };

  return {
    play: (program, scheduleId, wall) =>
      host.show(
        program,
        {
          wall,
          ...(onPlayback ? { onItemShown: (item, alone) => onPlayback(item, scheduleId, alone, null) } : {}),
        },
        `${scheduleId}|${JSON.stringify(wall)}`,
      ),
    interrupt(program, scheduleId, ms, sensorId) {
      endInterruption(false);
      host.pause();
      const top = new ProgramHost(over, deps);
      over.hidden = false;
      screen.dataset.interrupted = String(scheduleId);
      top.show(
        program,
        onPlayback ? { onItemShown: (item, alone) => onPlayback(item, scheduleId, alone, sensorId) } : {},
        `sensor|${scheduleId}|${sensorId}`,
      );
      interruption = { host: top, timer: setTimeout(() => endInterruption(true), ms) };
    },
    // Nothing drawn over the content: the status is for the page's inspector only.
    setStatus(value) {
      screen.dataset.status = value;
    },
    destroy() {
      endInterruption(false);
      host.destroy();
    },
  };
}
