import type { Program } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgramHost } from './host';
import { renderProgram } from './program';
import { FRAME_MS, image, recordingPrepare, testPacer, zoneOf } from './testing';

const program = (zones: Program['zones'], extra: Partial<Program> = {}): Program => ({
  kind: 'composition',
  id: 1,
  name: 'Lobby',
  width: 1920,
  height: 1080,
  background_color: '#102030',
  background: { hash: 'bg', url: '/backend/media/bg', mime: 'image/png', size: 1 },
  duration_ms: 10_000,
  zones,
  ...extra,
});

const deps = (prepare = recordingPrepare().prepare) => ({
  now: () => Date.now(),
  language: 'en' as const,
  timeZone: () => 'UTC',
  onContentError: () => {},
  prepare,
  pacer: testPacer(),
});

let root: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  document.body.replaceChildren();
  root = document.createElement('main');
  document.body.append(root);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('renderProgram', () => {
  it('draws the canvas with its background and its zones stacked by z', () => {
    const view = renderProgram(
      root,
      program([
        zoneOf([image('a1', 1000)], { key: 'top', z: 5 }),
        zoneOf([image('b2', 1000)], { key: 'bottom', z: 1, x: 100, y: 50, width: 400, height: 300 }),
      ]),
      deps(),
    );
    const canvas = root.querySelector<HTMLElement>('.render-canvas') as HTMLElement;
    expect([canvas.style.width, canvas.style.height]).toEqual(['1920px', '1080px']);
    expect(canvas.style.backgroundImage).toContain('/backend/media/bg');
    const zones = [...canvas.querySelectorAll<HTMLElement>('.render-zone')];
    expect(zones.map((zone) => zone.dataset.zone)).toEqual(['bottom', 'top']);
    expect([zones[0]?.style.left, zones[0]?.style.top, zones[0]?.style.width]).toEqual([
      '100px',
      '50px',
      '400px',
    ]);
    view.destroy();
    expect(root.children).toHaveLength(0);
  });

  it('stays hidden until every zone shows its first item', async () => {
    let release = () => {};
    const slow = recordingPrepare();
    const view = renderProgram(
      root,
      program([zoneOf([image('a1', 1000)], { key: 'fast' }), zoneOf([image('b2', 1000)], { key: 'slow' })]),
      deps((item, context) =>
        item.key === 'b2'
          ? new Promise((resolve) => (release = () => resolve(slow.prepare(item, context))))
          : slow.prepare(item, context),
      ),
    );
    const stage = root.querySelector('.render-stage') as HTMLElement;
    await vi.advanceTimersByTimeAsync(5 * FRAME_MS);
    expect(stage.classList.contains('render-stage--waiting')).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    await view.ready;
    expect(stage.classList.contains('render-stage--waiting')).toBe(false);
    view.destroy();
  });
});

describe('ProgramHost', () => {
  it('keeps the old program on until the new one shows, and ignores the same program twice', async () => {
    const host = new ProgramHost(root, deps());
    host.show(program([zoneOf([image('a1', 1000)])], { name: 'first' }));
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    const first = root.querySelector('.render-stage');
    host.show(program([zoneOf([image('a1', 1000)])], { name: 'first' }));
    expect(root.querySelectorAll('.render-stage')).toHaveLength(1);
    host.show(program([zoneOf([image('b2', 1000)])], { name: 'second' }));
    expect(root.querySelectorAll('.render-stage')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    expect(root.querySelectorAll('.render-stage')).toHaveLength(1);
    expect(root.querySelector('.render-stage')).not.toBe(first);
    host.destroy();
    expect(root.children).toHaveLength(0);
  });

  it('resumes a program that comes back after an interruption with the items it was showing', async () => {
    const { prepare, calls } = recordingPrepare();
    const host = new ProgramHost(root, deps(prepare));
    const base = program([zoneOf([image('a1', 1000), image('a2', 1000), image('a3', 1000)])], {
      name: 'base',
    });
    const spot = program([zoneOf([image('s9', 1000)])], { name: 'spot' });
    host.show(base);
    await vi.advanceTimersByTimeAsync(1_500); // a2 on screen
    host.show(spot);
    await vi.advanceTimersByTimeAsync(2_000);
    const before = calls.length;
    host.show(base);
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    expect(calls[before]?.item.key).toBe('a2');
    expect(root.querySelectorAll('.render-stage')).toHaveLength(1);
    host.destroy();
  });

  it('keeps the program on screen when asked for it again before its successor showed', async () => {
    const { prepare, calls } = recordingPrepare((item) => (item.key === 's9' ? 'never' : undefined));
    const host = new ProgramHost(root, deps(prepare));
    const base = program([zoneOf([image('a1', 1000)])], { name: 'base' });
    host.show(base);
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    const stage = root.querySelector('.render-stage');
    host.show(program([zoneOf([image('s9', 1000)])], { name: 'spot' }));
    host.show(base);
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    expect(root.querySelectorAll('.render-stage')).toHaveLength(1);
    expect(root.querySelector('.render-stage')).toBe(stage);
    expect(calls.filter((call) => call.item.key === 'a1')).toHaveLength(1);
    host.destroy();
  });
});
