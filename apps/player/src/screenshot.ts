import type { Envelope } from '@vitrine/contract';
import { PLAYER_CALLS, ResultCode, screenshotResult } from '@vitrine/contract';

// The screenshot command: what the page shows, drawn with html-to-image, uploaded with the device
// token to /backend/player/screenshot. The server takes at most 4 MB: a PNG larger than that
// (a busy 4K screen) goes again as JPEG. With a screen-capture interval set (a command, a preset)
// the screen also takes one by itself every so many minutes, uploaded the same way without a command.

const UPLOAD = PLAYER_CALLS.screenshot;
const MAX_BYTES = 4 * 1024 * 1024;
const JPEG_QUALITY = 0.8;

/** Draws the page as an image of the given type. */
export type Capture = (type: 'image/png' | 'image/jpeg') => Promise<Blob>;

/** The whole visible page at one pixel per CSS pixel (the overlays of screen off and identify too). */
export const captureScreen: Capture = async (type) => {
  // Loaded when first asked: most screens never take a screenshot.
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(document.body, {
    type,
    quality: JPEG_QUALITY,
    pixelRatio: 1,
    width: innerWidth,
    height: innerHeight,
    backgroundColor: '#000',
  });
  if (!blob) throw new Error('the screen could not be drawn');
  return blob;
};

/**
 * Captures and uploads the screen for a command (its id), or one the screen takes by itself at
 * its screen-capture interval (null); answers the ack's result text.
 */
export async function uploadScreenshot(
  commandId: number | null,
  token: string,
  capture: Capture = captureScreen,
): Promise<string> {
  let image = await capture('image/png');
  if (image.size > MAX_BYTES) image = await capture('image/jpeg');
  const query = commandId === null ? '' : `?command_id=${commandId}`;
  const response = await fetch(`${UPLOAD.path}${query}`, {
    method: UPLOAD.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': image.type },
    body: image,
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<null> | null;
  if (envelope?.code !== ResultCode.success) throw new Error(envelope?.msg ?? `HTTP ${response.status}`);
  return screenshotResult(image.type, image.size);
}

/**
 * The screen-capture interval: with one set (minutes), a screenshot every so many minutes, the
 * first one interval after it was set; one that fails waits for the next turn.
 */
export class IntervalCapture {
  private minutes = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly take: () => Promise<unknown>) {}

  /** From every state: 0 (or an unpaired screen) takes none. */
  update(minutes: number): void {
    if (minutes === this.minutes) return;
    this.minutes = minutes;
    clearInterval(this.timer);
    this.timer =
      minutes > 0 ? setInterval(() => void this.take().catch(() => {}), minutes * 60_000) : undefined;
  }
}
