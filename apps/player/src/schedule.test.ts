import type { Manifest, ManifestSchedule, Program } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { choose, RECHECK_MS, recheckDelay, triggerFor } from './schedule';

const program = (id: number, kind: Program['kind'] = 'schedule'): Program => ({
  kind,
  id,
  name: `P${id}`,
  width: 1920,
  height: 1080,
  background_color: '#000000',
  background: null,
  duration_ms: 10_000,
  zones: [],
});

const schedule = (id: number, fields: Partial<ManifestSchedule> = {}): ManifestSchedule => ({
  id,
  type: 'standard',
  priority: 5,
  start_date: '2026-05-01',
  end_date: '2026-05-31',
  frames: [{ start: '09:00', end: '17:00', rrule: 'FREQ=DAILY' }],
  spot: null,
  exclude_holidays: true,
  approved_at: '2026-04-30T12:00:00Z',
  program: program(id),
  ...fields,
});

const manifest = (fields: Partial<Manifest> = {}): Manifest => ({
  version: 'v1',
  default_program: program(100, 'playlist'),
  timezone: 'Europe/Berlin',
  holidays: [],
  schedules: [],
  video_wall: null,
  ...fields,
});

const at = (iso: string) => Date.parse(iso);

describe('choose', () => {
  it('plays the default content when no schedule plays, and nothing without a manifest', () => {
    const plain = manifest({ schedules: [schedule(1)] });
    expect(choose(plain, at('2026-05-10T05:00:00Z'))).toEqual({
      program: plain.default_program,
      schedule_id: null,
      wall: null,
    });
    expect(choose(manifest({ default_program: null }), at('2026-05-10T05:00:00Z'))).toBeNull();
    expect(choose(null, 0)).toBeNull();
  });

  it("plays the winning schedule's program in the device's timezone", () => {
    const low = schedule(1, { priority: 2 });
    const high = schedule(2, {
      priority: 7,
      frames: [{ start: '12:00', end: '13:00', rrule: 'FREQ=DAILY' }],
    });
    const m = manifest({ schedules: [low, high] });
    // 09:00 in Berlin (CEST) is 07:00 UTC.
    expect(choose(m, at('2026-05-10T06:59:00Z'))?.schedule_id).toBeNull();
    expect(choose(m, at('2026-05-10T07:00:00Z'))).toEqual({
      program: low.program,
      schedule_id: 1,
      wall: null,
    });
    expect(choose(m, at('2026-05-10T10:30:00Z'))?.schedule_id).toBe(2);
    expect(choose(m, at('2026-05-10T11:00:00Z'))?.schedule_id).toBe(1);
  });

  it("spans a video-wall schedule's program across the wall, and only that one", () => {
    const cell = {
      wall_id: 4,
      row: 0,
      column: 1,
      canvas_width_mm: 2020,
      canvas_height_mm: 1020,
      area: { x: 1020, y: 0, width: 1000, height: 500 },
    };
    const onWall = schedule(1, { type: 'video_wall' });
    const when = at('2026-05-10T07:00:00Z');
    expect(choose(manifest({ schedules: [onWall], video_wall: cell }), when)?.wall).toEqual(cell);
    expect(choose(manifest({ schedules: [schedule(2)], video_wall: cell }), when)?.wall).toBeNull();
    // A screen taken out of its wall fills its own screen.
    expect(choose(manifest({ schedules: [onWall] }), when)?.wall).toBeNull();
  });

  it('lets a spot interrupt at once, and the program under it come back after', () => {
    const base = schedule(1, { priority: 10 });
    const spot = schedule(3, {
      type: 'insert',
      priority: 1,
      start_date: '2026-05-10',
      end_date: '2026-05-10',
      frames: [],
      spot: { start: '2026-05-10T10:00', minutes: 2 },
    });
    const m = manifest({ schedules: [base, spot] });
    expect(choose(m, at('2026-05-10T07:59:59Z'))?.schedule_id).toBe(1);
    expect(choose(m, at('2026-05-10T08:00:00Z'))?.schedule_id).toBe(3);
    expect(choose(m, at('2026-05-10T08:02:00Z'))?.schedule_id).toBe(1);
  });

  it('skips the manifest holidays for schedules that exclude them', () => {
    const m = manifest({ holidays: ['2026-05-10'], schedules: [schedule(1)] });
    expect(choose(m, at('2026-05-10T10:00:00Z'))?.schedule_id).toBeNull();
    expect(choose(m, at('2026-05-11T10:00:00Z'))?.schedule_id).toBe(1);
  });
});

describe('recheckDelay', () => {
  it('wakes at the next change (a little after), and at least once a minute', () => {
    const m = manifest({ schedules: [schedule(1)] });
    const delay = recheckDelay(m, at('2026-05-10T06:59:30Z'));
    expect(delay).toBeGreaterThanOrEqual(30_000);
    expect(delay).toBeLessThan(30_100);
    expect(recheckDelay(m, at('2026-05-10T03:00:00Z'))).toBe(RECHECK_MS);
    expect(recheckDelay(manifest(), 0)).toBe(RECHECK_MS);
    expect(recheckDelay(null, 0)).toBe(RECHECK_MS);
  });

  it('plays the chosen program just after the change it waited for', () => {
    const m = manifest({ schedules: [schedule(1)] });
    const now = at('2026-05-10T06:59:45Z');
    expect(choose(m, now + recheckDelay(m, now))?.schedule_id).toBe(1);
  });
});

describe('triggerFor', () => {
  const trigger = (id: number, ids: string[], fields: Partial<ManifestSchedule> = {}) => ({
    ...schedule(id, { type: 'sensor', ...fields }),
    sensor_ids: ids,
    seconds: 15,
  });
  const taps = manifest({
    sensors: ['SHOES', 'BAGS'],
    triggers: [
      trigger(1, ['SHOES']),
      trigger(2, ['SHOES'], { priority: 8 }),
      trigger(3, ['BAGS'], { frames: [{ start: '18:00', end: '20:00', rrule: 'FREQ=DAILY' }] }),
      trigger(4, ['HATS']),
    ],
  });

  it('answers the armed sensor schedule of a tag the screen listens to, the higher priority first', () => {
    expect(triggerFor(taps, 'SHOES', at('2026-05-10T10:00:00Z'))?.id).toBe(2);
  });

  it('answers nothing outside the schedule’s frames, for a tag the screen does not listen to, or without a manifest', () => {
    expect(triggerFor(taps, 'BAGS', at('2026-05-10T10:00:00Z'))).toBeNull();
    expect(triggerFor(taps, 'BAGS', at('2026-05-10T16:30:00Z'))?.id).toBe(3);
    // HATS is in a schedule but the screen does not listen to it.
    expect(triggerFor(taps, 'HATS', at('2026-05-10T10:00:00Z'))).toBeNull();
    expect(triggerFor(null, 'SHOES', at('2026-05-10T10:00:00Z'))).toBeNull();
  });

  it('never lets a sensor schedule play by itself', () => {
    expect(choose(taps, at('2026-05-10T10:00:00Z'))).toMatchObject({ schedule_id: null });
  });
});
