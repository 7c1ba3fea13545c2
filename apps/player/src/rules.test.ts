import { type Manifest, type ManifestRule, nextRuleTime, type RuleFiringReport } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_FIRINGS, RuleRunner } from './rules';

// 2025-01-06 is a Monday; Berlin is UTC+1 in January.
const at = (iso: string) => Date.parse(iso);

describe('nextRuleTime', () => {
  it('finds the next day of the recurrence at HH:mm in the time zone', () => {
    const weekdays = { recurrence: 'weekdays', at: '09:00' };
    // Friday 10:00 Berlin: the next weekday 09:00 is Monday's.
    expect(nextRuleTime(weekdays, at('2025-01-10T09:00:00Z'), 'Europe/Berlin')).toBe(
      at('2025-01-13T08:00:00Z'),
    );
    expect(
      nextRuleTime({ recurrence: 'daily', at: '09:00' }, at('2025-01-10T09:00:00Z'), 'Europe/Berlin'),
    ).toBe(at('2025-01-11T08:00:00Z'));
    // Chosen days: Sunday only. No zone reads as UTC.
    expect(
      nextRuleTime({ recurrence: 'days', days: [0], at: '23:30' }, at('2025-01-06T00:00:00Z'), null),
    ).toBe(at('2025-01-12T23:30:00Z'));
    expect(
      nextRuleTime({ recurrence: 'days', days: [], at: '23:30' }, at('2025-01-06T00:00:00Z'), null),
    ).toBeNull();
  });

  it('answers HH:mm:00.000 from a time with fractions of a millisecond, and the next day from it', () => {
    const daily = { recurrence: 'daily', at: '09:00' };
    const due = nextRuleTime(daily, at('2025-01-06T07:50:00Z') + 0.7, 'Europe/Berlin');
    expect(due).toBe(at('2025-01-06T08:00:00Z'));
    expect(nextRuleTime(daily, due ?? 0, 'Europe/Berlin')).toBe(at('2025-01-07T08:00:00Z'));
  });
});

const timeRule = (id: number, recurrence: 'daily' | 'weekdays', time: string): ManifestRule => ({
  id,
  trigger: { kind: 'time', recurrence, days: [], at: time },
  actions: [{ action: 'brightness', value: 20 }],
});

const manifestWith = (rules: ManifestRule[], timezone: string | null = 'Europe/Berlin'): Manifest => ({
  version: 'v',
  default_program: null,
  timezone,
  holidays: [],
  schedules: [],
  rules,
  video_wall: null,
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('RuleRunner', () => {
  let performed: object[];
  let sent: RuleFiringReport[][];
  let reachable: boolean;
  let runner: RuleRunner;

  beforeEach(() => {
    vi.useFakeTimers();
    performed = [];
    sent = [];
    reachable = true;
    runner = new RuleRunner({
      now: () => Date.now(),
      perform: (action) => void performed.push(action),
      send: async (list) => {
        if (!reachable) throw new Error('offline');
        sent.push(list);
        return list.map((firing) => firing.uuid);
      },
      storage: memoryStorage(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires a weekday rule at its time in the screen’s zone, not at the weekend, and reports it', async () => {
    vi.setSystemTime(at('2025-01-10T07:00:00Z')); // Friday 08:00 Berlin
    runner.update(manifestWith([timeRule(1, 'weekdays', '09:00')]));
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(performed).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000); // 09:00 Berlin
    expect(performed).toEqual([{ action: 'brightness', value: 20 }]);
    expect(sent.flat()).toEqual([
      expect.objectContaining({ rule_id: 1, fired_at: '2025-01-10T08:00:00.000Z', ok: true, result: null }),
    ]);
    expect(runner.kept()).toEqual([]);
    // Saturday and Sunday pass without a firing; Monday 09:00 Berlin fires again.
    await vi.advanceTimersByTimeAsync(at('2025-01-13T07:59:00Z') - Date.now());
    expect(performed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(performed).toHaveLength(2);
  });

  it('fires offline and keeps the report until the server takes it', async () => {
    reachable = false;
    vi.setSystemTime(at('2025-01-06T07:59:00Z'));
    runner.update(manifestWith([timeRule(2, 'daily', '09:00')]));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(performed).toHaveLength(1);
    expect(runner.kept()).toEqual([expect.objectContaining({ rule_id: 2 })]);
    reachable = true;
    await runner.flush();
    expect(sent.flat().map((firing) => firing.rule_id)).toEqual([2]);
    expect(runner.kept()).toEqual([]);
  });

  it('does not fire a rule twice when a new manifest comes just after its time', async () => {
    vi.setSystemTime(at('2025-01-06T07:59:30Z'));
    const manifest = manifestWith([timeRule(3, 'daily', '09:00')]);
    runner.update(manifest);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(performed).toHaveLength(1);
    runner.update({ ...manifest, version: 'w' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(performed).toHaveLength(1);
  });

  it('fires a time rule once on a synced clock whose offset has a fraction of a millisecond', async () => {
    // ServerClock's offset is half a round trip: server time is rarely a whole millisecond.
    runner = new RuleRunner({
      now: () => Date.now() + 0.7,
      perform: (action) => void performed.push(action),
      send: async (list) => list.map((firing) => firing.uuid),
      storage: memoryStorage(),
    });
    vi.setSystemTime(at('2025-01-06T07:50:00Z'));
    runner.update(manifestWith([timeRule(7, 'daily', '09:00')]));
    await vi.advanceTimersByTimeAsync(10 * 60_000 + 1_000);
    expect(performed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(performed).toHaveLength(1);
  });

  it('does not fire a time rule again after a reload or a restart within LATE_MS of its time', async () => {
    const storage = memoryStorage();
    const screen = () =>
      new RuleRunner({
        now: () => Date.now(),
        perform: (action) => void performed.push(action),
        send: async (list) => {
          sent.push(list);
          return list.map((firing) => firing.uuid);
        },
        storage,
      });
    vi.setSystemTime(at('2025-01-06T07:59:50Z'));
    const manifest = manifestWith([
      {
        id: 8,
        trigger: { kind: 'time', recurrence: 'daily', days: [], at: '09:00' },
        actions: [{ action: 'restart' }],
      },
    ]);
    screen().update(manifest);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(performed).toEqual([{ action: 'restart' }]);
    // The page reloads 5 s after the rule's time: a new runner on the same storage (the old one's
    // timer, the next day's, is not reached).
    screen().update(manifest);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(performed).toHaveLength(1);
    expect(sent.flat()).toEqual([
      expect.objectContaining({
        rule_id: 8,
        due_at: '2025-01-06T08:00:00.000Z',
        fired_at: '2025-01-06T08:00:00.000Z',
      }),
    ]);
  });

  it('replaces its timers when a firing brings a new manifest: one firing a day', async () => {
    vi.setSystemTime(at('2025-01-06T07:59:00Z'));
    const manifest = manifestWith([timeRule(9, 'daily', '09:00')]);
    runner = new RuleRunner({
      now: () => Date.now(),
      // The server saves what the screen set: its manifest changes while the firing runs.
      perform: (action) => {
        performed.push(action);
        runner.update({ ...manifest, version: `v${performed.length}` });
      },
      send: async (list) => list.map((firing) => firing.uuid),
      storage: memoryStorage(),
    });
    runner.update(manifest);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(performed).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(performed).toHaveLength(2);
  });

  it('fires sensor rules of the tag read only, with the tag in the report, and keeps at most KEPT_FIRINGS', async () => {
    reachable = false;
    vi.setSystemTime(at('2025-01-06T12:00:00Z'));
    runner.update(
      manifestWith([
        { id: 4, trigger: { kind: 'sensor', sensor_ids: ['TAG-A'] }, actions: [{ action: 'power-off' }] },
        {
          id: 5,
          trigger: { kind: 'sensor', sensor_ids: ['TAG-B'] },
          actions: [{ action: 'volume', value: 5 }],
        },
      ]),
    );
    expect(runner.read('TAG-A')).toBe(true);
    expect(runner.read('TAG-C')).toBe(false);
    expect(performed).toEqual([{ action: 'power-off' }]);
    expect(runner.kept()).toEqual([expect.objectContaining({ rule_id: 4, sensor_id: 'TAG-A' })]);
    for (let i = 0; i < KEPT_FIRINGS; i++) runner.read('TAG-B');
    expect(runner.kept()).toHaveLength(KEPT_FIRINGS);
    expect(runner.kept()[0]?.rule_id).toBe(5);
  });

  it('reports a failed action with its error', async () => {
    runner = new RuleRunner({
      now: () => Date.now(),
      perform: () => {
        throw new Error('no screen');
      },
      send: async (list) => {
        sent.push(list);
        return list.map((firing) => firing.uuid);
      },
      storage: memoryStorage(),
    });
    runner.update(
      manifestWith([
        { id: 6, trigger: { kind: 'sensor', sensor_ids: ['T'] }, actions: [{ action: 'restart' }] },
      ]),
    );
    runner.read('T');
    await runner.flush();
    expect(sent.flat()).toEqual([expect.objectContaining({ rule_id: 6, ok: false, result: 'no screen' })]);
  });
});
