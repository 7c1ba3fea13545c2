import type { Orientation, PlayerInfo, StorageMode } from '@vitrine/contract';
import { cleanModelName } from '@vitrine/contract';
import { BROWSER_TIME_ZONE } from './effects';
import { PLAYER_VERSION } from './version';

// Same rule as the contract's playerInfoSchema.mac (the player does not load zod).
const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;

/** A browser cannot read its MAC; a kiosk launch may pass it as ?mac= (colons or dashes). */
export function macFromQuery(search: string): string | null {
  const raw = new URLSearchParams(search).get('mac')?.trim().replaceAll('-', ':');
  return raw && MAC.test(raw) ? raw.toUpperCase() : null;
}

/** What Chromium tells of itself beside the user agent string (navigator.userAgentData). */
export type BrowserBrands = { brands?: readonly { brand: string; version: string }[]; platform?: string };

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chromium'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Version\/(\d+).*Safari/, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Tizen/, 'Tizen'],
  [/Web0S|webOS/, 'webOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The browser and system a player runs in, as a model name ("Chromium 131 · Linux"); null if unknown. */
function browserModel(userAgent: string, data?: BrowserBrands): string | null {
  // Brands name the real browser (Chrome, Edge …) beside Chromium and a made-up "Not A Brand".
  const brands = (data?.brands ?? []).filter((entry) => !/not.?a.?brand/i.test(entry.brand));
  const brand = brands.find((entry) => entry.brand !== 'Chromium') ?? brands[0];
  const matched = BROWSERS.map(([pattern, name]) => [pattern.exec(userAgent)?.[1], name] as const).find(
    ([version]) => version !== undefined,
  );
  const browser = brand ? `${brand.brand} ${brand.version}` : matched ? `${matched[1]} ${matched[0]}` : null;
  const system = data?.platform || SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] || null;
  return [browser, system].filter(Boolean).join(' · ') || null;
}

/** The model a kiosk launch names (?model=), else the browser's; cleaned as the server stores it. */
export function modelOf(search: string, userAgent: string, data?: BrowserBrands): string | null {
  return (
    cleanModelName(new URLSearchParams(search).get('model')) ?? cleanModelName(browserModel(userAgent, data))
  );
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

/**
 * The MIME types of library media (UPLOAD_KINDS) a screen may be asked to play, in groups of names
 * for one format: the server stores whichever name the upload had, so a format the browser plays
 * is reported under all its names.
 */
export const MEDIA_TYPE_GROUPS: readonly (readonly string[])[] = [
  ['video/mp4', 'video/x-m4v'],
  ['video/webm'],
  ['video/quicktime'],
  ['video/mpeg'],
  ['video/mp2t'],
  ['video/3gpp'],
  ['video/3gpp2'],
  ['audio/mpeg', 'audio/mp3'],
  ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
];
/** Pictures every browser shows (canPlayType is for audio and video only). */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** The media types this screen can play: canPlayType of an audio or video element says "maybe" or "probably". */
export function mediaTypesOf(canPlay: (mime: string) => string): string[] {
  const types = [...IMAGE_TYPES];
  for (const group of MEDIA_TYPE_GROUPS) {
    if (group.some((mime) => canPlay(mime) !== '')) types.push(...group);
  }
  return types;
}

function canPlayHere(mime: string): string {
  try {
    return document.createElement(mime.startsWith('audio/') ? 'audio' : 'video').canPlayType(mime);
  } catch {
    return '';
  }
}

/** What the browser's storage estimate says: bytes still free (quota − usage) and the quota; null when it does not say. */
export function storageOf(estimate: StorageEstimate | undefined): {
  free_storage: number | null;
  storage_quota: number | null;
} {
  const quota = estimate?.quota;
  if (quota == null || !Number.isFinite(quota) || quota < 0)
    return { free_storage: null, storage_quota: null };
  return {
    free_storage: Math.max(0, Math.floor(quota - (estimate?.usage ?? 0))),
    storage_quota: Math.floor(quota),
  };
}

async function estimateStorage(): Promise<StorageEstimate | undefined> {
  try {
    return await navigator.storage?.estimate?.();
  } catch {
    return undefined;
  }
}

/**
 * What this screen reports about itself in hello, auth and heartbeats; its time zone is the one
 * set for it (a command, a preset), else the browser's.
 */
export async function collectInfo(
  language: string,
  timeZone: string = BROWSER_TIME_ZONE,
): Promise<PlayerInfo> {
  return {
    resolution: resolutionOf(screen.width, screen.height, window.devicePixelRatio),
    orientation: orientationOf(screen.orientation?.angle),
    timezone: timeZone,
    user_agent: navigator.userAgent.slice(0, 512),
    player_version: PLAYER_VERSION.slice(0, 32),
    ...storageOf(await estimateStorage()),
    storage_mode: storageModeOf(window.isSecureContext, 'caches' in window),
    mac: macFromQuery(location.search),
    language,
    model: modelOf(
      location.search,
      navigator.userAgent,
      (navigator as Navigator & { userAgentData?: BrowserBrands }).userAgentData,
    ),
    media_types: mediaTypesOf(canPlayHere),
  };
}
