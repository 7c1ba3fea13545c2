import fs from 'node:fs';
import {
  ResultCode,
  STARTUP_SIZES,
  STARTUP_VIDEO_FPS_BELOW,
  STARTUP_VIDEO_SECONDS,
  type StartupKind,
} from '@vitrine/contract';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';
import { readHead, readTracks, sniffMime } from '../media';
import { decodeBmp, readBmpHeader } from './bmp';

// The rules of spec 001 §5, judged from the file itself: the container and codec from its bytes
// (file-type, then MediaInfo), never from its name. Each refusal is 400001 naming the rule broken.

/** What the file is, as kept with it; `png` is the logo turned for browsers. */
export type Measured = {
  width: number;
  height: number;
  duration: number | null;
  frameRate: number | null;
  png: Buffer | null;
};

/** The largest BMP a 1080P logo can be (24 bits, rows padded, the largest header, masks). */
const LOGO_MAX_BYTES = 1920 * 1080 * 3 + 1080 * 4 + 14 + 124 + 12;
const SNIFF_BYTES = 4100;

const refused = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.validation, `startup.${key}`, params, { field: 'upload_id' });

const is1080p = (width: number, height: number) =>
  STARTUP_SIZES.some((size) => size.width === width && size.height === height);

/** A number as the messages show it: at most two decimals. */
const shown = (value: number) => Math.round(value * 100) / 100;

/** MP4 holding H.264 (what every browser plays), 1080P, under 30 FPS, 8 to 10 seconds. */
async function measureVideo(file: string): Promise<Measured> {
  if ((await sniffMime(await readHead(file, SNIFF_BYTES))) !== 'video/mp4') throw refused('video.format');
  const { general, video } = await readTracks(file).catch(() => ({ general: undefined, video: undefined }));
  if (video?.Format !== 'AVC') throw refused('video.format');
  const width = video.Width ?? 0;
  const height = video.Height ?? 0;
  if (!is1080p(width, height)) throw refused('video.size', { width, height });
  const frameRate = video.FrameRate ?? general?.FrameRate;
  if (frameRate === undefined || frameRate >= STARTUP_VIDEO_FPS_BELOW) {
    throw refused('video.frameRate', { fps: shown(frameRate ?? 0) });
  }
  const seconds = video.Duration ?? general?.Duration;
  const tenths = seconds === undefined ? 0 : Math.round(seconds * 10) / 10;
  if (tenths < STARTUP_VIDEO_SECONDS.min || tenths > STARTUP_VIDEO_SECONDS.max) {
    throw refused('video.duration', { seconds: tenths });
  }
  return { width, height, duration: seconds ?? tenths, frameRate, png: null };
}

/** A 1080P BMP in 16-bit RGB565 or 24-bit RGB888, and its pixels as a PNG. */
async function measureLogo(file: string): Promise<Measured> {
  const { size } = await fs.promises.stat(file);
  if (size > LOGO_MAX_BYTES) {
    // Too large for a 1080P bitmap of either depth: the header alone says which rule it breaks.
    const head = await readHead(file, 14 + 124 + 12);
    const header = readBmpHeader(head);
    if (header === 'depth') throw refused('logo.depth');
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const width = head.length >= 26 ? view.getInt32(18, true) : 0;
    const height = head.length >= 26 ? Math.abs(view.getInt32(22, true)) : 0;
    if (head[0] === 0x42 && head[1] === 0x4d && !is1080p(width, height)) {
      throw refused('logo.size', { width, height });
    }
    throw refused('logo.format');
  }
  const bytes = await fs.promises.readFile(file);
  const header = readBmpHeader(bytes);
  if (header === 'format' || header === 'depth') throw refused(`logo.${header}`);
  const { width, height } = header;
  if (!is1080p(width, height)) throw refused('logo.size', { width, height });
  const png = await sharp(decodeBmp(bytes, header), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { width, height, duration: null, frameRate: null, png };
}

/** Checks an uploaded file as a startup `kind`; refuses it (400001) with the rule it breaks. */
export const measureStartupFile = (kind: StartupKind, file: string): Promise<Measured> =>
  kind === 'video' ? measureVideo(file) : measureLogo(file);
