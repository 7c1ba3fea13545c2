import { TRANSITION_MS } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FramePacer } from './pacer';
import { SlideError } from './slide';
import { FRAME_MS, image, recordingPrepare, shownKeys, testFrames, testPacer, zoneOf } from './testing';
import type { RenderTrace, RenderTraceEvent } from './trace';
import { type ContentErrorReport, PREPARE_TIMEOUT_MS, RETRY_MS, type ZoneDeps, ZonePlayer } from './zone';

const context = { now: () => Date.now(), language: 'en' as const, timeZone: () => 'UTC', canvasHeight: 1080 };
let zones: ZonePlayer[] = [];

function play(
  items: Parameters<typeof zoneOf>[0],
  prepare = recordingPrepare().prepare,
  shuffle = false,
  extra: Partial<ZoneDeps> = {},
) {
  const errors: ContentErrorReport[] = [];
  const zone = new ZonePlayer(zoneOf(items, { shuffle }), {
    prepare,
    pacer: testPacer(),
    context,
    onContentError: (report) => errors.push(report),
    ...extra,
  });
  document.body.append(zone.element);
  zone.start();
  zones.push(zone);
  return { zone, errors };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  for (const zone of zones) zone.destroy();
  zones = [];
  vi.useRealTimers();
});

describe('ZonePlayer', () => {
  it('holds the shown item while paused (an interruption) and gives it the time it had left, its video where it was', async () => {
    const { zone } = play([image('a1', 1000), image('b2', 1000)]);
    const video = document.createElement('video');
    let playing = true;
    Object.defineProperty(video, 'paused', { get: () => !playing });
    video.pause = () => {
      playing = false;
    };
    video.play = async () => {
      playing = true;
    };
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    zone.element.querySelector('.render-layer--shown')?.append(video);
    await vi.advanceTimersByTimeAsync(400);
    zone.pause();
    expect(playing).toBe(false);
    // Long past its end: still on screen.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(shownKeys(zone.element)).toEqual(['a1']);
    zone.resume();
    expect(playing).toBe(true);
    // What was left of it (about 600 ms), then the next.
    await vi.advanceTimersByTimeAsync(450);
    expect(shownKeys(zone.element)).toEqual(['a1']);
    await vi.advanceTimersByTimeAsync(300);
    expect(shownKeys(zone.element)).toEqual(['b2']);
  });

  it('plays its items in turn for their durations, on the frame nearest each end', async () => {
    const { prepare, calls } = recordingPrepare();
    const { zone } = play([image('a1', 1000), image('b2', 2000), image('c3', 500)], prepare);
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['a1']);
    const aStart = calls[0]?.started as number;
    await vi.advanceTimersByTimeAsync(3_600);
    const starts = calls.map((call) => [call.item.key, call.started]);
    expect(starts.slice(0, 4).map(([key]) => key)).toEqual(['a1', 'b2', 'c3', 'a1']);
    // Each item starts within half a frame of when the one before was due to end.
    const due = [1000, 3000, 3500].map((end) => aStart + FRAME_MS + end);
    calls.slice(1, 4).forEach((call, i) => {
      const painted = (call.started as number) + FRAME_MS;
      expect(Math.abs(painted - (due[i] as number))).toBeLessThanOrEqual(FRAME_MS / 2 + 1);
    });
  });

  it('never leaves the zone empty: the new layer shows in the frame that hides the old', async () => {
    const { zone } = play([image('a1', 300), image('b2', 300)]);
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    for (let t = 0; t < 2_000; t += 1) {
      await vi.advanceTimersByTimeAsync(1);
      expect(shownKeys(zone.element).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps at most the shown layer and the next one', async () => {
    const { zone } = play([image('a1', 200), image('b2', 200), image('c3', 200)]);
    for (let t = 0; t < 1_500; t += FRAME_MS) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      expect(zone.element.querySelectorAll('.render-layer').length).toBeLessThanOrEqual(2);
    }
  });

  it('disposes an item once its successor is on screen', async () => {
    const { prepare, calls } = recordingPrepare();
    play([image('a1', 1000), image('b2', 1000)], prepare);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls[0]?.disposed).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * FRAME_MS);
    expect(calls[0]?.disposed).toBe(true);
  });

  it('skips an item that fails and reports it once', async () => {
    const { prepare, calls } = recordingPrepare((item) =>
      item.key === 'b2' ? new SlideError('decode', 'broken') : undefined,
    );
    const { errors } = play([image('a1', 500), image('b2', 500), image('c3', 500)], prepare);
    await vi.advanceTimersByTimeAsync(600);
    expect(errors).toEqual([{ content_id: 2, key: 'b2', reason: 'decode', message: 'broken' }]);
    expect(calls.filter((call) => call.started !== null).map((call) => call.item.key)).toEqual(['a1', 'c3']);
  });

  it('names the stored file of an item that would not load or decode, so that a spoilt copy is dropped', async () => {
    const { prepare, calls } = recordingPrepare((item) =>
      item.key === 'b2'
        ? new SlideError('decode', 'broken')
        : item.key === 'c3'
          ? new SlideError('timeout', 'slow')
          : undefined,
    );
    const failedFiles: string[] = [];
    const { errors } = play(
      [image('a1', 500), image('b2', 500), image('c3', 500), image('d4', 500)],
      prepare,
      false,
      {
        onMediaFailed: (url) => failedFiles.push(url),
      },
    );
    await vi.advanceTimersByTimeAsync(100);
    // A timeout says nothing of the file.
    expect(errors.map((error) => error.key)).toEqual(['b2', 'c3']);
    expect(failedFiles).toEqual(['/backend/media/b2']);
    // Failing while shown (a read error of its video): named too.
    calls[0]?.context.failed(new SlideError('load', 'PIPELINE_ERROR_READ'));
    expect(failedFiles).toEqual(['/backend/media/b2', '/backend/media/a1']);
  });

  it('gives up on an item not ready in time, the shown one staying until then', async () => {
    const { prepare, calls } = recordingPrepare((item) => (item.key === 'b2' ? 'never' : undefined));
    const { zone, errors } = play([image('a1', 500), image('b2', 500), image('c3', 500)], prepare);
    await vi.advanceTimersByTimeAsync(PREPARE_TIMEOUT_MS - 100);
    expect(shownKeys(zone.element)).toEqual(['a1']);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(errors.map((error) => [error.key, error.reason])).toEqual([['b2', 'timeout']]);
    expect(calls.find((call) => call.item.key === 'b2')?.context.signal.aborted).toBe(true);
    expect(shownKeys(zone.element)).toEqual(['c3']);
  });

  it('waits before trying again when every item fails', async () => {
    const { prepare, calls } = recordingPrepare(() => new SlideError('load', 'gone'));
    const { zone, errors } = play([image('a1', 500), image('b2', 500)], prepare);
    await vi.advanceTimersByTimeAsync(10);
    expect(errors.map((error) => error.key)).toEqual(['a1', 'b2']);
    await zone.ready;
    await vi.advanceTimersByTimeAsync(RETRY_MS - 100);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.length).toBeGreaterThan(2);
  });

  it('keeps a lone item on, alone in its zone', async () => {
    const { prepare, calls } = recordingPrepare();
    const { zone } = play([image('a1', 500)], prepare);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.context.alone).toBe(true);
    expect(calls[0]?.disposed).toBe(false);
    expect(shownKeys(zone.element)).toEqual(['a1']);
  });

  it('moves on at once from an item that breaks while shown', async () => {
    const { prepare, calls } = recordingPrepare();
    const { zone, errors } = play([image('a1', 5_000), image('b2', 5_000)], prepare);
    await vi.advanceTimersByTimeAsync(1_000);
    calls[0]?.context.failed(new SlideError('play', 'stalled'));
    await vi.advanceTimersByTimeAsync(2 * FRAME_MS);
    expect(errors.map((error) => [error.key, error.reason])).toEqual([['a1', 'play']]);
    expect(shownKeys(zone.element)).toEqual(['b2']);
  });

  it('tries a lone item again a while after it broke, even as it was being shown', async () => {
    const { prepare, calls } = recordingPrepare();
    const { errors } = play([image('a1', 500)], prepare);
    // Shown in the first frame; the zone settles a frame later.
    await vi.advanceTimersByTimeAsync(FRAME_MS + 1);
    calls[0]?.context.failed(new SlideError('play', 'refused'));
    calls[0]?.context.failed(new SlideError('play', 'refused'));
    await vi.advanceTimersByTimeAsync(RETRY_MS + 5 * FRAME_MS);
    expect(errors.map((error) => error.reason)).toEqual(['play']);
    expect(calls).toHaveLength(2);
  });

  it('re-bases an item’s end on when its playback really began, and swaps on that end', async () => {
    const { prepare, calls } = recordingPrepare();
    const events: RenderTraceEvent[] = [];
    (globalThis as { __vitrineRenderTrace?: RenderTrace }).__vitrineRenderTrace = (event) =>
      events.push(event);
    try {
      const { zone } = play([image('a1', 1_000), image('b2', 1_000)], prepare);
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      const shownAt = (calls[0]?.started as number) + FRAME_MS;
      // Its playback began 40 ms after the frame that showed it (a video starting late).
      await vi.advanceTimersByTimeAsync(40);
      calls[0]?.context.began(shownAt + 40);
      // A second word changes nothing.
      calls[0]?.context.began(shownAt + 400);
      await vi.advanceTimersByTimeAsync(1_000 - 40 - FRAME_MS);
      // Not cut short: at the end as planned it is still on.
      expect(shownKeys(zone.element)).toEqual(['a1']);
      await vi.advanceTimersByTimeAsync(40 + 2 * FRAME_MS);
      expect(shownKeys(zone.element)).toEqual(['b2']);
      const painted = (calls[1]?.started as number) + FRAME_MS;
      expect(Math.abs(painted - (shownAt + 40 + 1_000))).toBeLessThanOrEqual(FRAME_MS / 2 + 1);
      // The trace gives the end the swap used, and the one first planned.
      const swap = events.find((event) => event.key === 'b2');
      expect(swap?.due).toBe(shownAt + 40 + 1_000);
      // (planned from the pacer's own estimate of when the frame was painted: within a millisecond)
      expect(Math.abs((swap?.planned as number) - (shownAt + 1_000))).toBeLessThanOrEqual(1);
      expect(Math.abs((swap?.painted as number) - (swap?.due as number))).toBeLessThanOrEqual(
        FRAME_MS / 2 + 1,
      );
    } finally {
      delete (globalThis as { __vitrineRenderTrace?: RenderTrace }).__vitrineRenderTrace;
    }
  });

  it('ignores a start told by an item no longer shown', async () => {
    const { prepare, calls } = recordingPrepare();
    const { zone } = play([image('a1', 300), image('b2', 300), image('c3', 300)], prepare);
    await vi.advanceTimersByTimeAsync(300 + 3 * FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['b2']);
    calls[0]?.context.began(Date.now() + 5_000);
    const bStart = calls[1]?.started as number;
    await vi.advanceTimersByTimeAsync(300);
    expect(calls[2]?.started).not.toBeNull();
    expect((calls[2]?.started as number) - bStart).toBeLessThanOrEqual(300 + FRAME_MS);
  });

  it('tells the item it leaves in the very frame that hides it, unless it fades out', async () => {
    const { prepare, calls } = recordingPrepare();
    play([image('a1', 300), image('b2', 300, { transition: 'fade' }), image('c3', 300)], prepare);
    await vi.advanceTimersByTimeAsync(300 + 3 * FRAME_MS);
    expect(calls[1]?.started).not.toBeNull();
    expect(calls[0]?.left).toBe(calls[1]?.started);
    await vi.advanceTimersByTimeAsync(300 + TRANSITION_MS + 3 * FRAME_MS);
    expect(calls[2]?.started).not.toBeNull();
    expect(calls[1]?.left).toBeNull();
  });

  it('keeps the old item under a transition until it is over', async () => {
    const { prepare, calls } = recordingPrepare();
    const { zone } = play([image('a1', 500, { transition: 'fade' }), image('b2', 5_000)], prepare);
    await vi.advanceTimersByTimeAsync(520);
    expect(shownKeys(zone.element)).toEqual(['a1', 'b2']);
    expect(zone.element.querySelector('.render-layer--enter-fade')?.getAttribute('data-key')).toBe('b2');
    await vi.advanceTimersByTimeAsync(TRANSITION_MS + 2 * FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['b2']);
    expect(calls[0]?.disposed).toBe(true);
  });

  it('reshuffles each pass', async () => {
    const items = ['a1', 'b2', 'c3', 'd4', 'e5'].map((key) => image(key, 100));
    const { prepare, calls } = recordingPrepare();
    play(items, prepare, true);
    await vi.advanceTimersByTimeAsync(3_000);
    const played = calls.map((call) => call.item.key);
    const passes = [played.slice(0, 5), played.slice(5, 10), played.slice(10, 15)];
    for (const pass of passes) expect([...pass].sort()).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
  });

  it('places itself on the canvas', () => {
    const zone = new ZonePlayer(
      zoneOf([], { x: 10, y: 20, width: 300, height: 200, z: 3, background_color: '#112233' }),
      {
        prepare: recordingPrepare().prepare,
        pacer: testPacer(),
        context,
        onContentError: () => {},
      },
    );
    const { left, top, width, height, zIndex } = zone.element.style;
    expect([left, top, width, height, zIndex]).toEqual(['10px', '20px', '300px', '200px', '3']);
  });
});

describe('ZonePlayer proof of play', () => {
  function playRecorded(items: Parameters<typeof zoneOf>[0]) {
    const events: string[] = [];
    const zone = new ZonePlayer(zoneOf(items), {
      prepare: recordingPrepare().prepare,
      pacer: testPacer(),
      context,
      onContentError: () => {},
      onItemShown: (item, alone) => {
        events.push(`shown ${item.key}${alone ? ' alone' : ''} at ${Date.now()}`);
        return () => events.push(`left ${item.key} at ${Date.now()}`);
      },
    });
    document.body.append(zone.element);
    zone.start();
    zones.push(zone);
    return { zone, events };
  }

  it('tells each item when it comes on screen and when the next one replaces it', async () => {
    const { zone, events } = playRecorded([image('a1', 1000), image('b2', 1000)]);
    await vi.advanceTimersByTimeAsync(2_100);
    zone.destroy();
    const keys = events.map((event) => event.split(' at ')[0]);
    expect(keys).toEqual(['shown a1', 'left a1', 'shown b2', 'left b2', 'shown a1', 'left a1']);
    // The item leaves in the frame its successor comes on.
    const times = events.map((event) => Number(event.split(' at ')[1]));
    expect(times[1]).toBe(times[2]);
    expect((times[2] as number) - (times[0] as number)).toBeGreaterThanOrEqual(1000 - FRAME_MS);
  });

  it('says when an item is alone in its zone, and ends it when the zone goes', async () => {
    const { zone, events } = playRecorded([image('a1', 1000)]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^shown a1 alone/);
    zone.destroy();
    expect(events[1]).toBe('left a1 at 5000');
    zone.destroy();
    expect(events).toHaveLength(2);
  });
});

describe('ZonePlayer, synced', () => {
  /** Two screens whose clocks disagree by `skew` ms, each playing the zone of one synced program. */
  function syncedScreen(
    items: Parameters<typeof zoneOf>[0],
    epoch: number,
    skew: number,
    prepare = recordingPrepare(),
  ) {
    // The screen's clock (its frames' too) is Date.now() − skew; its server clock knows the skew (as the clock would).
    const frames = {
      request: (callback: (time: number) => void) => testFrames.request((time) => callback(time - skew)),
      cancel: testFrames.cancel,
    };
    const pacer = new FramePacer(frames, () => Date.now() - skew);
    const zone = new ZonePlayer(zoneOf(items), {
      prepare: prepare.prepare,
      pacer,
      context,
      onContentError: () => {},
      sync: { epoch, serverAt: (local) => local + skew, localAt: (server) => server - skew },
    });
    document.body.append(zone.element);
    zone.start();
    zones.push(zone);
    return { zone, calls: prepare.calls };
  }
  const ITEMS = () => [image('a1', 1000), image('b2', 500), image('c3', 1500)];

  it('begins with the item of the loop playing now, wherever the loop is, and ends it with its turn', async () => {
    // A loop of 3 s begun at 0: at 10_200 it is 1_200 ms in, 200 ms into b2.
    await vi.advanceTimersByTimeAsync(10_200);
    const { zone, calls } = syncedScreen(ITEMS(), 0, 0);
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['b2']);
    expect(calls[0]?.context.synced?.start).toBe(10_000);
    // b2's turn ends at 10_500: c3 is on screen from the frame nearest to it.
    await vi.advanceTimersByTimeAsync(10_500 - Date.now() + FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['c3']);
    expect(Math.abs((calls[1]?.started as number) + FRAME_MS - 10_500)).toBeLessThanOrEqual(FRAME_MS / 2 + 1);
  });

  it('shows the same item at the same server time on screens whose clocks disagree', async () => {
    await vi.advanceTimersByTimeAsync(5_000);
    const early = syncedScreen(ITEMS(), 1_000, -1_234);
    await vi.advanceTimersByTimeAsync(1_700);
    const late = syncedScreen(ITEMS(), 1_000, 1_777);
    for (let t = 0; t < 6_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      // Away from the boundaries (a frame either side), both show the loop's item for this moment.
      const into = (Date.now() - 1_000) % 3_000;
      const near = [0, 1_000, 1_500].some((edge) => Math.abs(into - edge) <= 2 * FRAME_MS);
      if (near) continue;
      const expected = into < 1_000 ? 'a1' : into < 1_500 ? 'b2' : 'c3';
      expect(shownKeys(early.zone.element)).toEqual([expected]);
      expect(shownKeys(late.zone.element)).toEqual([expected]);
    }
  });

  it('tells each slide its turn, for a video to follow', async () => {
    const { calls } = syncedScreen(ITEMS(), 0, 0);
    await vi.advanceTimersByTimeAsync(3_100);
    const turns = calls.map((call) => [call.item.key, call.context.synced?.start]);
    expect(turns.slice(0, 4)).toEqual([
      ['a1', 0],
      ['b2', 1_000],
      ['c3', 1_500],
      ['a1', 3_000],
    ]);
  });

  it('an item whose turn ended while it was prepared gives way to the one playing by then', async () => {
    let slow = true;
    const prepare = recordingPrepare();
    const delayed: typeof prepare.prepare = (item, slideContext) =>
      slow && item.key === 'a1'
        ? new Promise((resolve) => setTimeout(() => resolve(prepare.prepare(item, slideContext)), 1_200))
        : prepare.prepare(item, slideContext);
    const zone = new ZonePlayer(zoneOf(ITEMS()), {
      prepare: delayed,
      pacer: testPacer(),
      context,
      onContentError: () => {},
      sync: { epoch: 0, serverAt: (local) => local, localAt: (server) => server },
    });
    document.body.append(zone.element);
    zone.start();
    zones.push(zone);
    await vi.advanceTimersByTimeAsync(1_200 + FRAME_MS);
    slow = false;
    await vi.advanceTimersByTimeAsync(2 * FRAME_MS);
    expect(shownKeys(zone.element)).toEqual(['b2']);
    expect(prepare.calls[0]?.disposed).toBe(true);
  });
});
