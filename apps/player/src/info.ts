import type { Orientation, PlayerInfo, StorageMode } from '@vitrine/contract';
import { APP_VERSION } from '@vitrine/contract';

// Same rule as the contract's playerInfoSchema.mac (the player does not load zod).
const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;

/** A browser cannot read its MAC; a kiosk launch may pass it as ?mac= (colons or dashes). */
export function macFromQuery(search: string): string | null {
  const raw = new URLSearchParams(search).get('mac')?.trim().replaceAll('-', ':');
  return raw && MAC.test(raw) ? raw.toUpperCase() : null;
}

/** screen.orientation.angle as one of the four orientations a device reports. */
export function orientationOf(angle: number | null | undefined): Orientation {
  if (angle == null || !Number.isFinite(angle)) return 0;
  return ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as Orientation;
}

/** Physical pixels, as a TV's spec sheet says it. */
export function resolutionOf(width: number, height: number, pixelRatio: number): string {
  const ratio = pixelRatio > 0 ? pixelRatio : 1;
  return `${Math.round(width * ratio)}x${Math.round(height * ratio)}`;
}

/** Cache Storage only exists in a secure context (HTTPS or localhost); elsewhere IndexedDB. */
export function storageModeOf(secure: boolean, hasCaches: boolean): StorageMode {
  return secure && hasCaches ? 'cache-storage' : 'indexeddb';
}

async function freeStorage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota == null) return null;
    return Math.max(0, Math.floor(estimate.quota - (estimate.usage ?? 0)));
  } catch {
    return null;
  }
}

/** What this screen reports about itself in hello, auth and heartbeats. */
export async function collectInfo(language: string): Promise<PlayerInfo> {
  return {
    resolution: resolutionOf(screen.width, screen.height, window.devicePixelRatio),
    orientation: orientationOf(screen.orientation?.angle),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
    user_agent: navigator.userAgent.slice(0, 512),
    player_version: APP_VERSION.slice(0, 32),
    free_storage: await freeStorage(),
    storage_mode: storageModeOf(window.isSecureContext, 'caches' in window),
    mac: macFromQuery(location.search),
    language,
  };
}
