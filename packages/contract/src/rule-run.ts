import { minuteOfWeek, WEEK_MINUTES } from './power-plan';
import { clockMinutes } from './schedule-time';

// Control rules as a screen runs them (docs/rules.md): the rules in its manifest, when a time
// trigger next comes due in its time zone. Zod-free: the browser player fires them by itself,
// offline too, on its synced clock.

export type ManifestRuleTrigger =
  | { kind: 'time'; recurrence: 'daily' | 'weekdays' | 'days'; days: number[]; at: string }
  | { kind: 'sensor'; sensor_ids: string[] };

/** What a screen does itself; switching content, screenshots and mails wait for its report. */
export type ManifestRuleAction =
  | { action: 'power-on' | 'power-off' | 'restart' }
  | { action: 'brightness' | 'volume'; value: number };

export type ManifestRule = { id: number; trigger: ManifestRuleTrigger; actions: ManifestRuleAction[] };

/** A firing as the screen reports it (POST player/rule-firings), kept until the server has it. */
export type RuleFiringReport = {
  uuid: string;
  rule_id: number;
  /** ISO time by the server's clock (the player's offset applied). */
  fired_at: string;
  /** The tag read, for a sensor trigger. */
  sensor_id?: string | null;
  /** For a time trigger, the time it was due (ISO): the server logs one firing per due time. */
  due_at?: string | null;
  ok: boolean;
  result?: string | null;
};

/** The actions a screen performs by itself (the others are the server's, on its report). */
export const SCREEN_RULE_ACTIONS = ['power-on', 'power-off', 'brightness', 'volume', 'restart'] as const;

/** The weekdays (0 Sunday … 6 Saturday) a time trigger fires on. */
export function ruleDays(trigger: { recurrence: string; days?: readonly number[] }): number[] {
  if (trigger.recurrence === 'daily') return [0, 1, 2, 3, 4, 5, 6];
  if (trigger.recurrence === 'weekdays') return [1, 2, 3, 4, 5];
  return [...new Set(trigger.days ?? [])].sort();
}

/**
 * When a time trigger next fires after `now` (ms), on the wall clock of `timeZone` (an unknown zone
 * reads as UTC), or null when it has no day: HH:mm:00.000 exactly, so that from that instant the
 * next one is a day (or more) later. A synced clock's time has fractions of a millisecond (its
 * offset is half a round trip); counted from them, the answer could fall a hair before HH:mm, and
 * from there the same HH:mm came next again, at once: the screen fired the rule over and over.
 */
export function nextRuleTime(
  trigger: { recurrence: string; days?: readonly number[]; at: string },
  now: number,
  timeZone: string | null,
): number | null {
  const from = Math.floor(now);
  let minute: number;
  try {
    minute = minuteOfWeek(from, timeZone ?? 'UTC');
  } catch {
    minute = minuteOfWeek(from, 'UTC');
  }
  const distances = ruleDays(trigger)
    .map((day) => day * 1440 + clockMinutes(trigger.at))
    .map((point) => (((point - minute) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES)
    .map((distance) => (distance === 0 ? WEEK_MINUTES : distance));
  if (distances.length === 0) return null;
  return from + Math.round(Math.min(...distances) * 60_000);
}
