import type { Manifest, PlayerState } from '@vitrine/contract';

// The device token (the screen's only credential) and the last state, so a screen that starts
// with the server unreachable still shows its idle screen.
const TOKEN_KEY = 'vitrine.player.token';
const STATE_KEY = 'vitrine.player.state';
const CLOCK_KEY = 'vitrine.player.clock-offset';
const MANIFEST_KEY = 'vitrine.player.manifest';
// The key a kiosk launch names (?device_key=), sent with upgrade downloads (docs/ota.md).
const DEVICE_KEY_KEY = 'vitrine.player.device-key';

export const loadToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);

/** Keeps the device key a launch names (?device_key=); a launch without one keeps the one kept. */
export function rememberDeviceKey(search: string): void {
  const key = new URLSearchParams(search).get('device_key')?.trim();
  if (key) localStorage.setItem(DEVICE_KEY_KEY, key);
}
export const loadDeviceKey = (): string | null => localStorage.getItem(DEVICE_KEY_KEY);

export function forgetDevice(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(STATE_KEY);
  localStorage.removeItem(MANIFEST_KEY);
}

export const loadState = (): PlayerState | null => loadJson(STATE_KEY);

/** The last manifest, so a screen started with the server unreachable plays what it played. */
export const loadManifest = (): Manifest | null => loadJson(MANIFEST_KEY);
export function saveManifest(manifest: Manifest): void {
  try {
    localStorage.setItem(MANIFEST_KEY, JSON.stringify(manifest));
  } catch {
    // Over the storage quota: it plays from memory, and a start without the server finds the last one kept.
  }
}

function loadJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Keeps what the screen shows; never the token, which lives under its own key. */
export function saveState({ token: _token, ...state }: PlayerState): void {
  localStorage.setItem(STATE_KEY, JSON.stringify(state));
}

/** The server clock's offset from this screen's (ms), for timers on a player started offline. */
export function loadClockOffset(): number | null {
  const offset = Number(localStorage.getItem(CLOCK_KEY) ?? Number.NaN);
  return Number.isFinite(offset) ? offset : null;
}

export const saveClockOffset = (offsetMs: number): void =>
  localStorage.setItem(CLOCK_KEY, String(Math.round(offsetMs)));
