import {
  type Manifest,
  type ManifestRule,
  type ManifestRuleAction,
  nextRuleTime,
  type RuleFiringReport,
} from '@vitrine/contract';
import { backoffDelay } from './backoff';
import { randomUuid } from './playbacks';

// Control rules the screen fires itself (docs/rules.md): time rules at their HH:mm in the
// manifest's time zone on the synced clock, sensor rules on a read of one of their tags, both
// from the kept manifest, so they work while the server is unreachable. Each firing does the
// screen's part of the actions at once and is kept (localStorage) until the server has taken it.
// A time rule fires at most once for each time it is due: the last one it fired for is kept
// (localStorage) before its actions run, so neither a new manifest, a clock resync, a reload nor
// the restart the rule itself asks for fires it again.

/** A timer never waits longer than this before looking again (the synced clock may have moved). */
export const RECHECK_MS = 60 * 60_000;
/** A time rule due this much ago or less still fires (a timer called a little late, a busy page). */
export const LATE_MS = 60_000;
const FIRINGS_KEY = 'vitrine.player.rule-firings';
/** Each time rule's last due time fired (ms), by rule id. */
const FIRED_KEY = 'vitrine.player.rule-fired';
/** At most this many firings wait for the server (a screen offline for weeks keeps the newest). */
export const KEPT_FIRINGS = 500;
/** Firings sent in one call (ruleFiringsRequestSchema). */
const BATCH = 100;

export type RuleDeps = {
  /** Server time (ms) by the player's synced clock. */
  now: () => number;
  /** Does one action on the screen; throws when it cannot. */
  perform: (action: ManifestRuleAction) => void;
  /** POST the firings; resolves with the UUIDs taken, throws when they could not be delivered. */
  send: (firings: RuleFiringReport[]) => Promise<string[]>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

export class RuleRunner {
  private rules: ManifestRule[] = [];
  private timeZone: string | null = null;
  private readonly timers = new Map<number, unknown>();
  private sending: Promise<void> | null = null;
  private failures = 0;
  private retry: unknown = null;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: RuleDeps) {
    this.storage = deps.storage ?? localStorage;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** The manifest's rules from now on (null: none); each time rule waits for its next time. */
  update(manifest: Manifest | null): void {
    this.rules = manifest?.rules ?? [];
    this.timeZone = manifest?.timezone ?? null;
    for (const timer of this.timers.values()) this.clearTimer(timer);
    this.timers.clear();
    const fired = this.fired();
    this.keepFired(new Map([...fired].filter(([id]) => this.rules.some((rule) => rule.id === id))));
    for (const rule of this.rules) this.arm(rule, this.deps.now() - LATE_MS);
  }

  /** A tag read: fires every sensor rule it belongs to; whether any did. */
  read(sensorId: string): boolean {
    const fired = this.rules.filter(
      (rule) => rule.trigger.kind === 'sensor' && rule.trigger.sensor_ids.includes(sensorId),
    );
    for (const rule of fired) this.fire(rule, sensorId);
    return fired.length > 0;
  }

  /** Sends what waits (after a firing, on connecting, after a failure's backoff). */
  flush(): Promise<void> {
    this.sending ??= this.sendKept().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  /** The firings waiting for the server. */
  kept(): RuleFiringReport[] {
    try {
      const list = JSON.parse(this.storage.getItem(FIRINGS_KEY) ?? '[]');
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  private keep(list: RuleFiringReport[]): void {
    try {
      this.storage.setItem(FIRINGS_KEY, JSON.stringify(list.slice(-KEPT_FIRINGS)));
    } catch {
      // Over the quota: the firing happened on screen; only its report is lost.
    }
  }

  /** The due time each time rule last fired for, by rule id. */
  private fired(): Map<number, number> {
    try {
      const kept = JSON.parse(this.storage.getItem(FIRED_KEY) ?? '{}');
      return new Map(
        Object.entries(kept && typeof kept === 'object' ? kept : {})
          .filter((entry): entry is [string, number] => Number.isFinite(entry[1]))
          .map(([id, due]) => [Number(id), due]),
      );
    } catch {
      return new Map();
    }
  }

  private keepFired(fired: Map<number, number>): void {
    try {
      this.storage.setItem(FIRED_KEY, JSON.stringify(Object.fromEntries(fired)));
    } catch {
      // Over the quota: only a reload within LATE_MS of a firing could fire it again.
    }
  }

  /** Waits for the rule's next time after `after` (not one it fired already), and fires it then. */
  private arm(rule: ManifestRule, after: number): void {
    this.clearTimer(this.timers.get(rule.id));
    this.timers.delete(rule.id);
    if (rule.trigger.kind !== 'time') return;
    const due = nextRuleTime(
      rule.trigger,
      Math.max(after, this.fired().get(rule.id) ?? after),
      this.timeZone,
    );
    if (due === null) return;
    const wait = Math.min(Math.max(0, due - this.deps.now()), RECHECK_MS);
    this.timers.set(
      rule.id,
      this.setTimer(() => {
        this.timers.delete(rule.id);
        const now = this.deps.now();
        // Early (a long wait cut short, or the clock moved): look again from now.
        if (now < due) return this.arm(rule, now - LATE_MS);
        const fired = this.fired();
        if (now - due <= LATE_MS && (fired.get(rule.id) ?? Number.NEGATIVE_INFINITY) < due) {
          // Kept before the actions run: a restart among them reloads the page.
          this.keepFired(fired.set(rule.id, due));
          this.fire(rule, null, due);
        }
        // Unless a new manifest came meanwhile (its update armed its rules).
        if (this.rules.includes(rule)) this.arm(rule, due);
      }, wait),
    );
  }

  private fire(rule: ManifestRule, sensorId: string | null, due: number | null = null): void {
    const errors: string[] = [];
    for (const action of rule.actions) {
      try {
        this.deps.perform(action);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    this.keep([
      ...this.kept(),
      {
        uuid: randomUuid(),
        rule_id: rule.id,
        fired_at: new Date(this.deps.now()).toISOString(),
        sensor_id: sensorId,
        due_at: due === null ? null : new Date(due).toISOString(),
        ok: errors.length === 0,
        result: errors.length === 0 ? null : errors.join('; ').slice(0, 500),
      },
    ]);
    void this.flush();
  }

  private async sendKept(): Promise<void> {
    const waiting = this.kept().slice(0, BATCH);
    if (waiting.length === 0) return;
    try {
      const taken = new Set(await this.deps.send(waiting));
      this.keep(this.kept().filter((firing) => !taken.has(firing.uuid)));
      this.failures = 0;
    } catch {
      // Unreachable or refused: kept, tried again after a backoff (and on connecting).
      this.failures++;
      this.clearTimer(this.retry);
      this.retry = this.setTimer(() => void this.flush(), backoffDelay(this.failures));
    }
  }
}
