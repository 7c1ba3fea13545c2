// What the console's preview and the player agree on about a stream link, so that a screen plays
// what the preview plays.

/** The type a browser names when it can play HLS itself (Safari can; Chromium mostly cannot). */
export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Whether the address is an HLS playlist (.m3u8), judged by its path. */
export function isHlsLink(link: string): boolean {
  try {
    return new URL(link).pathname.toLowerCase().endsWith('.m3u8');
  } catch {
    return false;
  }
}
