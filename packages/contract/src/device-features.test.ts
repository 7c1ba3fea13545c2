import { describe, expect, it } from 'vitest';
import {
  DEVICE_FEATURES,
  type DeviceFeature,
  missingFeatures,
  OLDEST_PLAYER_VERSION,
  playerVersionOf,
  supportsFeature,
} from './device-features';
import { APP_VERSION } from './limits';

const FEATURES = Object.keys(DEVICE_FEATURES) as DeviceFeature[];

describe('device features', () => {
  it('reads the version out of what a player reports', () => {
    expect(playerVersionOf('1.21.13 build 250626 Release')).toBe('1.21.13');
    expect(playerVersionOf('v2.3')).toBe('2.3.0');
    // Unknown: never reported, or not a version.
    expect(playerVersionOf(null)).toBe(OLDEST_PLAYER_VERSION);
    expect(playerVersionOf('')).toBe(OLDEST_PLAYER_VERSION);
    expect(playerVersionOf('Release')).toBe(OLDEST_PLAYER_VERSION);
  });

  it('gives the player this build ships every feature', () => {
    expect(missingFeatures(APP_VERSION)).toEqual([]);
  });

  it('gives an older player none of those that came later', () => {
    expect(missingFeatures('1.20.9')).toEqual(FEATURES);
    expect(supportsFeature('1.20.9', 'screenshot')).toBe(false);
    expect(supportsFeature('1.21.13', 'screenshot')).toBe(true);
    expect(supportsFeature('2.0.0', 'lock')).toBe(true);
    // Setting the time zone and the capture interval came at 1.21.14.
    expect(missingFeatures('1.21.13 build 250626 Release')).toEqual(['timezone', 'screenshot-interval']);
    expect(supportsFeature('1.21.14', 'timezone')).toBe(true);
  });

  it('gives a device of unknown version what the oldest player had, nothing more', () => {
    const oldest = FEATURES.filter((feature) => DEVICE_FEATURES[feature] === OLDEST_PLAYER_VERSION);
    for (const unknown of [null, undefined, 'unknown']) {
      expect(FEATURES.filter((feature) => supportsFeature(unknown, feature))).toEqual(oldest);
    }
  });
});
