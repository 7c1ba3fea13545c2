import type { PlayerState } from '@vitrine/contract';

/** The parts of a PlayerState the test at hand does not care about, as a fresh screen has them. */
export const STATE_DEFAULTS: Pick<
  PlayerState,
  'settings' | 'timers' | 'lock' | 'license' | 'upgrade' | 'startup'
> = {
  settings: { volume: 50, mute: false, brightness: 100, orientation: 0, screen_on: true },
  timers: { enabled: false, timers: [] },
  lock: null,
  license: { state: 'valid', expires_at: null },
  upgrade: null,
  startup: { logo: null, video: null },
};
