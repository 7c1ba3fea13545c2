// Which kept build the screen runs (docs/ota.md "The browser player's upgrade"), in localStorage:
// shared by the shipped page at /player/ and the builds under /player/v/, as they are one origin.

const PIN_KEY = 'vitrine.player.pin';

export type Pin = {
  /** The kept build to run. */
  version: string;
  /** The build that ran before it (null: the shipped one), where a failed start goes back to. */
  previous: string | null;
  /** The plan whose `installed` (or `failed`) is still to be reported, once this build is healthy. */
  plan_id: number | null;
  /** It came up healthy (paired, socket, screen) since it was pinned. */
  healthy: boolean;
  /** Starts of the shipped page while it was pinned and not yet healthy. */
  boots: number;
};

export function loadPin(): Pin | null {
  try {
    const pin = JSON.parse(localStorage.getItem(PIN_KEY) ?? 'null') as Pin | null;
    return pin && typeof pin.version === 'string' ? pin : null;
  } catch {
    return null;
  }
}

export function savePin(pin: Pin | null): void {
  if (pin) localStorage.setItem(PIN_KEY, JSON.stringify(pin));
  else localStorage.removeItem(PIN_KEY);
}
