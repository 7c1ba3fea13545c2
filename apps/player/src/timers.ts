import { type DeviceTimers, type PlayerState, powerPlan } from '@vitrine/contract';
import { BROWSER_TIME_ZONE, timeZoneOf } from './effects';
import { el } from './screens/dom';

// Weekly power timers (ARCHITECTURE §7): with timers enabled the screen is on only within its
// periods, in the screen's own time zone (the one set for it, else the browser's), by server time. Decided here from the saved state and
// clock, so a screen that lost its server still goes dark and wakes on time.

/** Re-checked at least this often, so a clock correction or a DST change is followed. */
export const RECHECK_MS = 60_000;

const ALWAYS_ON: DeviceTimers = { enabled: false, timers: [] };

/**
 * Applies the timers to the page: a black layer above the content (below the settings screen)
 * while off, checked again at the next change and at least every RECHECK_MS.
 */
export class PowerTimers {
  private timers: DeviceTimers = ALWAYS_ON;
  private timeZone = BROWSER_TIME_ZONE;
  private readonly layer = el('div', 'power-off');
  private wake: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly now: () => number) {}

  get off(): boolean {
    return this.layer.isConnected;
  }

  /** From every state: an unpaired screen stays on to show its signage ID and PIN. */
  update(
    state: Pick<PlayerState, 'paired' | 'timers'> & { settings: Pick<PlayerState['settings'], 'timezone'> },
  ): void {
    this.timers = state.paired ? state.timers : ALWAYS_ON;
    this.timeZone = timeZoneOf(state.settings);
    this.check();
  }

  stop(): void {
    clearTimeout(this.wake);
    this.layer.remove();
  }

  private check(): void {
    clearTimeout(this.wake);
    const now = this.now();
    const plan = powerPlan(this.timers, now, this.timeZone);
    if (plan.on) this.layer.remove();
    else if (!this.layer.isConnected) document.body.append(this.layer);
    if (!this.timers.enabled) return;
    const until = plan.nextChangeAt === null ? RECHECK_MS : plan.nextChangeAt - now;
    this.wake = setTimeout(() => this.check(), Math.max(250, Math.min(RECHECK_MS, until)));
  }
}
