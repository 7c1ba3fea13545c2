import type { Program, VideoWallCell } from '@vitrine/contract';
import { fitCanvas, fitOnWall } from './geometry';
import { mediaSource } from './media-source';
import { FramePacer } from './pacer';
import { prepareSlide } from './slides';
import { type ZoneDeps, ZonePlayer, type ZoneSync } from './zone';
import './render.css';

export type RenderDeps = Omit<ZoneDeps, 'prepare' | 'pacer' | 'context' | 'startAt'> &
  Pick<ZoneDeps['context'], 'now' | 'language' | 'timeZone'> &
  Partial<Pick<ZoneDeps, 'prepare' | 'pacer'>> & {
    /** Per zone key, the item to begin with (where the program was when it was interrupted). */
    resume?: Readonly<Record<string, string>>;
    /** A program laid across a video wall: this screen's place in it, to show only its own part. */
    wall?: VideoWallCell | null;
  };

/** A program on show. */
export type ProgramView = {
  /** Settles when every zone shows its first item: the program is then visible. */
  ready: Promise<void>;
  /** Per zone key, the item on screen now. */
  positions(): Record<string, string>;
  /** Holds every zone where it is (items' time and media), and goes on from there. */
  pause(): void;
  resume(): void;
  destroy(): void;
};

/**
 * Renders a program into root: its canvas scaled to fit (letterboxed, centred; on a video wall,
 * across the whole wall with only this screen's part on it: the stage hides the rest), its background,
 * its zones stacked by z, each playing on its own. The stage stays invisible until every zone shows
 * its first item, so a program replacing another (left in root until then) never flashes empty.
 */
export function renderProgram(root: HTMLElement, program: Program, deps: RenderDeps): ProgramView {
  const stage = document.createElement('div');
  stage.className = 'render-stage render-stage--waiting';
  const canvas = document.createElement('div');
  canvas.className = 'render-canvas';
  Object.assign(canvas.style, {
    width: `${program.width}px`,
    height: `${program.height}px`,
    backgroundColor: program.background_color,
    backgroundImage: program.background ? `url("${mediaSource(program.background.url)}")` : '',
  });
  stage.append(canvas);
  root.append(stage);

  const place = () => {
    const { scale, left, top } = deps.wall
      ? fitOnWall(deps.wall, stage.clientWidth, stage.clientHeight, program.width, program.height)
      : fitCanvas(stage.clientWidth, stage.clientHeight, program.width, program.height);
    canvas.style.transform = `translate(${left}px, ${top}px) scale(${scale})`;
  };
  place();
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
  observer?.observe(stage);

  const pacer = deps.pacer ?? new FramePacer();
  // Synced (docs/sync.md): server time against the pacer's clock, read afresh each time (the clock slews).
  const sync: ZoneSync | undefined = program.sync
    ? {
        epoch: program.sync.epoch_ms,
        serverAt: (local) => deps.now() - pacer.now() + local,
        localAt: (server) => server - deps.now() + pacer.now(),
      }
    : undefined;
  const zones = [...program.zones]
    .sort((a, b) => a.z - b.z)
    .map(
      (zone) =>
        new ZonePlayer(zone, {
          prepare: deps.prepare ?? prepareSlide,
          pacer,
          context: {
            now: deps.now,
            language: deps.language,
            timeZone: deps.timeZone,
            canvasHeight: program.height,
          },
          onContentError: deps.onContentError,
          onMediaFailed: deps.onMediaFailed,
          onItemShown: deps.onItemShown,
          startAt: deps.resume?.[zone.key],
          random: deps.random,
          sync,
        }),
    );
  canvas.append(...zones.map((zone) => zone.element));
  for (const zone of zones) zone.start();

  let destroyed = false;
  let cancelReveal = () => {};
  const ready = Promise.all(zones.map((zone) => zone.ready)).then(
    () =>
      new Promise<void>((resolve) => {
        if (destroyed) return;
        cancelReveal = pacer.next(() => {
          stage.classList.remove('render-stage--waiting');
          resolve();
        });
      }),
  );
  return {
    ready,
    positions() {
      const positions: Record<string, string> = {};
      for (const zone of zones) {
        const key = zone.current;
        if (key !== null) positions[zone.element.dataset.zone as string] = key;
      }
      return positions;
    },
    pause() {
      for (const zone of zones) zone.pause();
    },
    resume() {
      for (const zone of zones) zone.resume();
    },
    destroy() {
      destroyed = true;
      cancelReveal();
      observer?.disconnect();
      for (const zone of zones) zone.destroy();
      stage.remove();
    },
  };
}
