import coerce from 'semver/functions/coerce.js';
import gte from 'semver/functions/gte.js';
import type { DeviceCommand } from './device-control';

// What a screen can be asked to do, by the player version that first could (docs/device-features.md).
// The server refuses a command or setting a device's version lacks (device.oldVersion); the
// console greys it out with the same message. Zod-free, like limits.ts: the console's device
// pages and the server read it alike.

/**
 * The oldest player version: Vitrine's browser player has reported 1.21.13 since its first build
 * (apps/player/package.json and APP_VERSION in limits.ts were created at 1.21.13 and never bumped).
 * A device whose version is unknown (it never reported one, or not as a version) counts as this.
 */
export const OLDEST_PLAYER_VERSION = '1.21.13';

/**
 * Each feature a device may lack and the minimum player version that supports it. The commands
 * (keyed by their action) and the weekly timers and security lock (settings pushed with the
 * player's state) all came into the player before its version first changed (the commands, the
 * screenshot upload, timers and lock in one change of 2026-11-23, at 1.21.13), so all need
 * 1.21.13; a player built against the player API that reports an older version has none of
 * them. A feature added later gets the version that first ships it: setting the time zone and
 * the screen-capture interval came at 1.21.14.
 */
export const DEVICE_FEATURES = {
  volume: OLDEST_PLAYER_VERSION,
  mute: OLDEST_PLAYER_VERSION,
  brightness: OLDEST_PLAYER_VERSION,
  orientation: OLDEST_PLAYER_VERSION,
  timezone: '1.21.14',
  'screenshot-interval': '1.21.14',
  reboot: OLDEST_PLAYER_VERSION,
  screenshot: OLDEST_PLAYER_VERSION,
  'screen-off': OLDEST_PLAYER_VERSION,
  'screen-on': OLDEST_PLAYER_VERSION,
  refresh: OLDEST_PLAYER_VERSION,
  'clear-cache': OLDEST_PLAYER_VERSION,
  identify: OLDEST_PLAYER_VERSION,
  unpair: OLDEST_PLAYER_VERSION,
  timers: OLDEST_PLAYER_VERSION,
  lock: OLDEST_PLAYER_VERSION,
} as const satisfies Record<DeviceCommand['action'] | 'timers' | 'lock', string>;
export type DeviceFeature = keyof typeof DEVICE_FEATURES;

/**
 * The version a device's reported system_version stands for: its first MAJOR.MINOR.PATCH
 * ("1.21.13 build 250626 Release" is 1.21.13), else the oldest player's.
 */
export const playerVersionOf = (systemVersion: string | null | undefined): string =>
  coerce(systemVersion ?? '')?.version ?? OLDEST_PLAYER_VERSION;

/** Whether a device reporting this version can do `feature`. */
export const supportsFeature = (systemVersion: string | null | undefined, feature: DeviceFeature): boolean =>
  gte(playerVersionOf(systemVersion), DEVICE_FEATURES[feature]);

/** The features a device reporting this version lacks: what an upgrade of its player would bring. */
export const missingFeatures = (systemVersion: string | null | undefined): DeviceFeature[] =>
  (Object.keys(DEVICE_FEATURES) as DeviceFeature[]).filter(
    (feature) => !supportsFeature(systemVersion, feature),
  );
