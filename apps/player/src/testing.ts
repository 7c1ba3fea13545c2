import type { PlayerState } from '@vitrine/contract';
import { DEFAULT_SETTINGS } from './effects';

/** The parts of a PlayerState the test at hand does not care about, as a fresh screen has them. */
export const STATE_DEFAULTS: Pick<
  PlayerState,
  'settings' | 'timers' | 'lock' | 'license' | 'upgrade' | 'startup'
> = {
  settings: DEFAULT_SETTINGS,
  timers: { enabled: false, timers: [] },
  lock: null,
  license: { state: 'valid', expires_at: null },
  upgrade: null,
  startup: { logo: null, video: null },
};
