import { SIZE_BASE, SIZE_UNITS } from '@vitrine/contract';

// How an item's measures read on screen: the same in every language.

/** Bytes in B to TB, base 1024 (spec 000 §9). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_BASE && unit < SIZE_UNITS.length - 1) {
    value /= SIZE_BASE;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Width × height in pixels, or null when either is unknown. */
export const formatDimensions = (width: number | null, height: number | null): string | null =>
  width && height ? `${width} × ${height}` : null;

/** A metadata key as a message key: 'video_codec', 'videoCodec' and 'Video Codec' are one key. */
export const metaKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

const RATE_UNITS: Record<string, (value: number) => string> = {
  bitrate: (value) =>
    value >= 1_000_000 ? `${(value / 1_000_000).toFixed(1)} Mb/s` : `${Math.round(value / 1000)} kb/s`,
  framerate: (value) => `${Number(value.toFixed(3))} fps`,
  samplerate: (value) => `${Number((value / 1000).toFixed(1))} kHz`,
  // An H5 package's files once unpacked.
  unpackedsize: formatSize,
};

/** A metadata value with its unit where the key tells it (bits/s, frames/s, Hz, bytes). */
export function formatMeta(key: string, value: string | number): string {
  const unit = RATE_UNITS[metaKey(key)];
  return typeof value === 'number' && unit ? unit(value) : String(value);
}
