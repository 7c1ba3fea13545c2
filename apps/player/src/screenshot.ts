import type { Envelope } from '@vitrine/contract';
import { PLAYER_CALLS, ResultCode, screenshotResult } from '@vitrine/contract';

// The screenshot command: what the page shows, drawn with html-to-image, uploaded with the device
// token to /backend/player/screenshot. The server takes at most 4 MB: a PNG larger than that
// (a busy 4K screen) goes again as JPEG.

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

/** Captures and uploads the screen for a command; answers the ack's result text. */
export async function uploadScreenshot(
  commandId: number,
  token: string,
  capture: Capture = captureScreen,
): Promise<string> {
  let image = await capture('image/png');
  if (image.size > MAX_BYTES) image = await capture('image/jpeg');
  const response = await fetch(`${UPLOAD.path}?command_id=${commandId}`, {
    method: UPLOAD.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': image.type },
    body: image,
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<null> | null;
  if (envelope?.code !== ResultCode.success) throw new Error(envelope?.msg ?? `HTTP ${response.status}`);
  return screenshotResult(image.type, image.size);
}
