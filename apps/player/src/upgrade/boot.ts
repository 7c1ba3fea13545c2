import { playerVersionOf } from '@vitrine/contract';
import gt from 'semver/functions/gt.js';
import { type FailureReport, failureReport } from './failed';
import type { Pin } from './pin';

// The shipped page's choice at its start when it finds a pin (docs/ota.md "Boot and watchdog").
// Loaded only then (main.ts chooseBuild): semver stays out of the player's first load, which most
// screens, never upgraded, run without.

/** After this many starts without coming up healthy, the pinned build is given up. */
export const PIN_BOOTS_MAX = 2;

/** What the shipped page does at its start with the pin it finds. */
export type BootChoice =
  /** Runs itself (no pin). */
  | { go: null; pin: null; failed: null }
  /** Goes to the pinned build, with the pin as it now stands. */
  | { go: string; pin: Pin; failed: null }
  /**
   * Gives the pin up (a newer shipped build, a build no longer kept, or too many starts without
   * coming up healthy) and goes back to the previous build (null: runs itself). `failed`: the plan
   * still waiting for its report, and why.
   */
  | { go: string | null; pin: Pin | null; failed: ({ plan_id: number } & FailureReport) | null };

/**
 * The shipped page's choice at its start. `shipped` is its own version (as it reports it); `kept`
 * whether the pinned build is still whole in Cache Storage.
 */
export function bootChoice(pin: Pin | null, shipped: string, kept: (version: string) => boolean): BootChoice {
  if (!pin) return { go: null, pin: null, failed: null };
  const pending = (reason: FailureReport) =>
    pin.plan_id === null ? null : { plan_id: pin.plan_id, ...reason };
  // The server now ships this build or a newer one: that wins, and no upgrade is left to report.
  if (!gt(pin.version, playerVersionOf(shipped))) return { go: null, pin: null, failed: null };
  if (!kept(pin.version)) {
    return {
      go: null,
      pin: null,
      failed: pending(
        failureReport(
          'not_kept',
          { version: pin.version },
          `Version ${pin.version} is no longer kept on this screen.`,
        ),
      ),
    };
  }
  if (pin.healthy) return { go: pin.version, pin, failed: null };
  const boots = pin.boots + 1;
  if (boots < PIN_BOOTS_MAX) return { go: pin.version, pin: { ...pin, boots }, failed: null };
  const back = pin.previous !== null && kept(pin.previous) ? pin.previous : null;
  return {
    go: back,
    pin: back === null ? null : { version: back, previous: null, plan_id: null, healthy: true, boots: 0 },
    failed: pending(
      failureReport(
        'not_healthy_starts',
        { version: pin.version, starts: PIN_BOOTS_MAX },
        `Version ${pin.version} did not come up healthy after ${PIN_BOOTS_MAX} starts.`,
      ),
    ),
  };
}
