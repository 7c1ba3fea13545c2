// The player's protocol constants, apart from device.ts and without zod: the browser player
// imports these, and a module of schemas would bring the whole of zod into its download.

/** How long a PIN shown on an unpaired screen is good for; the player shows the next one then. */
export const DEVICE_PIN_TTL_SECONDS = 300;
/** A player sends a heartbeat about this often (with jitter) over its socket. */
export const HEARTBEAT_SECONDS = 30;
/** With no heartbeat for this long a device counts as offline. */
export const OFFLINE_AFTER_SECONDS = 90;
export const PLAYER_SOCKET_PATH = '/backend/player/socket';

/** Where a player keeps manifest and media: Cache Storage needs a secure context (ARCHITECTURE §7). */
export const STORAGE_MODES = ['cache-storage', 'indexeddb'] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

/** Close codes of the player socket beyond the standard ones. */
export const PlayerSocketClose = { unauthorized: 4401, replaced: 4409 } as const;
