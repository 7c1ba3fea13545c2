import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContentType, DOCUMENT_PAGE_LIMIT, DOCUMENT_PAGE_SIDE } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { contentPages, contents } from '../../db/schema';
import { notifyProgramsChanged } from '../../platform/screen-changes';
import { H5Refused, storeH5, unpackH5 } from './h5';
import { readImageSize } from './image-size';
import { describeTracks, type MediaTracks, readTracks } from './media-info';
import { findTool, runTool, ToolError } from './media-tools';
import { hashFile, lockHash, mediaDir, mediaKey, removeUnreferencedMedia, storeFile } from './storage';

// Processing of an uploaded file (ARCHITECTURE §8), a job queued when its upload finishes: the
// metadata of every file, a thumbnail (an image scaled down, a video's poster frame, a
// document's first page, a song's cover), and for what browsers cannot show as it is a playable
// copy: a video transcoded to H.264 MP4, an Office document converted to PDF; a document's pages
// as images for screens; an H5 package unpacked (h5.ts). Made files are stored by their own hash
// like uploads; the results land in one transaction with the row's UPDATE.

const JOB = 'content-processing';
const THUMBNAIL_SIDE = 480;
const TRANSCODE_TIMEOUT_MS = 10 * 60_000;
const TOOL_TIMEOUT_MS = 2 * 60_000;
/** Scratch folders under media/, so made files reach their place by a rename. */
const WORK_PREFIX = '.work-';
/** A work folder this old belongs to a process that died. */
export const STALE_WORK_MS = 24 * 3600_000;

type Payload = { contentId: number };

declare module '../../platform/jobs' {
  interface JobPayloads {
    [JOB]: Payload;
  }
}
type Source = { hash: string; type: number; mime: string | null };

/** What processing found, and the files it made in its work folder (not stored yet). */
type Outcome = {
  state: 'ready' | 'failed';
  problem: string | null;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  meta?: Record<string, string | number>;
  thumbnail?: string;
  playable?: string;
  /** A document's pages as JPEG files, page 1 first. */
  pages?: string[];
  /** An H5 package unpacked: the folder that goes to media/h5/<hash>. */
  site?: string;
};

/** A file that cannot be what its type says (no video track in a video, …): failing again is certain. */
class UnreadableMedia extends Error {
  override name = 'UnreadableMedia';
}

/** Registers the job and clears the work folders of a process that died. */
export function registerMediaProcessing(app: FastifyInstance) {
  // A long job: a transcode must not hold the mail queue back.
  app.jobs.register(
    JOB,
    (payload, job) => processContent(app, payload.contentId, { retry: job.attempts < job.maxAttempts }),
    { long: true },
  );
  app.addHook('onReady', async () => {
    await removeStaleWork(app.config.dataDir).catch((err) =>
      app.log.warn({ err }, 'media work sweep failed'),
    );
  });
}

/** Queues the processing of a content row in state 'processing'; inside `tx` only if it commits. */
export async function enqueueProcessing(app: FastifyInstance, contentId: number, tx?: Db) {
  await app.jobs.enqueue(JOB, { contentId } satisfies Payload, {}, tx);
}

/** Whether Office documents can be converted here: LibreOffice is installed. */
export async function officeConversionAvailable(app: FastifyInstance) {
  return (await findTool(app.config, 'soffice')) !== null;
}

/**
 * Processes one content item and records the outcome. A failure of the file (a tool that crashes
 * on it, bytes that are not what they claim) marks it failed at once; a failure of this machine
 * (out of file handles, disk full, the file not here) is thrown for the queue to try again while
 * `retry` allows.
 */
export async function processContent(app: FastifyInstance, contentId: number, { retry = false } = {}) {
  const [source] = await app.db
    .select({ hash: contents.hash, type: contents.type, mime: contents.mime })
    .from(contents)
    .where(eq(contents.id, contentId));
  if (!source?.hash) return; // purged meanwhile, or a link: nothing to process
  const root = mediaDir(app.config.dataDir);
  await fs.promises.mkdir(root, { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(root, WORK_PREFIX));
  try {
    let outcome: Outcome;
    try {
      // Its file not found: not yet visible on a shared volume or in the store. An ENOENT, tried
      // again later like the other failures of the machine.
      const file = await app.storage.localFile(mediaKey(source.hash), work);
      outcome = await examine(app, { ...source, hash: source.hash }, file, work);
    } catch (error) {
      if (retry && isTransient(error)) throw error;
      app.log.error({ err: error, contentId }, 'content processing failed');
      outcome = { state: 'failed', problem: 'content.processingFailed' };
    }
    await record(app, contentId, outcome);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

const TRANSIENT_CODES = new Set(['ENOENT', 'EMFILE', 'ENFILE', 'ENOSPC', 'EAGAIN', 'EBUSY', 'ENOMEM', 'EIO']);
const isTransient = (error: unknown) => TRANSIENT_CODES.has((error as NodeJS.ErrnoException)?.code ?? '');

/** `file`: a file of this machine holding the source's bytes (the stored one, or a copy in `work`). */
function examine(app: FastifyInstance, source: Source, file: string, work: string): Promise<Outcome> {
  switch (source.type) {
    case ContentType.image:
      return examineImage(file, work);
    case ContentType.video:
      return examineVideo(app, source, file, work);
    case ContentType.music:
      return examineMusic(app, file, work);
    case ContentType.document:
      return examineDocument(app, source, file, work);
    case ContentType.h5:
      return examineH5(file, work);
    default:
      throw new UnreadableMedia(`Content type ${source.type} is not an uploaded file`);
  }
}

async function examineImage(file: string, work: string): Promise<Outcome> {
  const tracks = await readTracks(file);
  const size = await readImageSize(file);
  if (!size) throw new UnreadableMedia('Image header unreadable');
  return {
    state: 'ready',
    problem: null,
    ...size,
    meta: describeTracks(tracks),
    thumbnail: await makeThumbnail(file, work),
  };
}

async function examineVideo(
  app: FastifyInstance,
  source: Source,
  file: string,
  work: string,
): Promise<Outcome> {
  const tracks = await readTracks(file);
  const { general, video } = tracks;
  if (!video) throw new UnreadableMedia('No video track');
  const duration = general?.Duration ?? video.Duration ?? null;
  // A phone's portrait video is stored landscape and turned by the player.
  const turned = [90, 270].includes(Math.abs(Math.round(Number(video.Rotation ?? 0))) % 360);
  const found = {
    width: (turned ? video.Height : video.Width) ?? null,
    height: (turned ? video.Width : video.Height) ?? null,
    duration,
    meta: describeTracks(tracks),
  };
  const playable = browserPlays(source.mime, tracks);
  const ffmpeg = await findTool(app.config, 'ffmpeg');
  if (!ffmpeg) return { ...found, state: 'ready', problem: playable ? null : 'content.incompatible' };

  // The poster: the frame at 1 s, or at a tenth of a shorter video.
  const frame = path.join(work, 'poster.png');
  const at = Math.min(1, (duration ?? 0) / 10);
  await runTool(ffmpeg, [...FFMPEG, '-ss', String(at), '-i', file, '-frames:v', '1', '-an', frame], {
    timeoutMs: TOOL_TIMEOUT_MS,
  });
  const thumbnail = await makeThumbnail(frame, work);
  if (playable) return { ...found, state: 'ready', problem: null, thumbnail };

  const transcoded = path.join(work, 'playable.mp4');
  await runTool(
    ffmpeg,
    [
      ...FFMPEG,
      ...['-i', file, '-map', '0:v:0', '-map', '0:a:0?'],
      // H.264 in 4:2:0 wants even sides.
      ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-movflags', '+faststart', transcoded],
    ],
    { timeoutMs: TRANSCODE_TIMEOUT_MS },
  );
  return { ...found, state: 'ready', problem: null, thumbnail, playable: transcoded };
}

const FFMPEG = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/** Containers every browser opens, and the codecs it decodes in them. */
const PLAYABLE_CONTAINERS = new Set(['video/mp4', 'video/x-m4v', 'video/webm']);
const PLAYABLE_VIDEO = new Set(['AVC', 'VP8', 'VP9', 'AV1']);
const PLAYABLE_AUDIO = new Set(['AAC', 'Opus', 'Vorbis', 'FLAC']);
/** H.264 profiles browsers decode: 8-bit 4:2:0 (not High 10, 4:2:2 or 4:4:4). */
const PLAYABLE_AVC_PROFILES = new Set(['Baseline', 'Constrained Baseline', 'Main', 'High']);

function browserPlays(mime: string | null, { video, audio }: MediaTracks) {
  if (!mime || !PLAYABLE_CONTAINERS.has(mime) || !video?.Format || !PLAYABLE_VIDEO.has(video.Format))
    return false;
  if (video.Format === 'AVC' && !PLAYABLE_AVC_PROFILES.has(video.Format_Profile ?? 'High')) return false;
  if (!audio) return true;
  return (
    PLAYABLE_AUDIO.has(audio.Format ?? '') ||
    (audio.Format === 'MPEG Audio' && audio.Format_Profile === 'Layer 3')
  );
}

async function examineMusic(app: FastifyInstance, file: string, work: string): Promise<Outcome> {
  const tracks = await readTracks(file);
  const { general, audio } = tracks;
  if (!audio) throw new UnreadableMedia('No audio track');
  const found = {
    state: 'ready' as const,
    problem: null,
    duration: general?.Duration ?? audio.Duration ?? null,
    meta: describeTracks(tracks),
  };
  // The console shows an icon for music, or the cover the file carries.
  const ffmpeg = general?.Cover === 'Yes' ? await findTool(app.config, 'ffmpeg') : null;
  if (!ffmpeg) return found;
  const cover = path.join(work, 'cover.png');
  await runTool(ffmpeg, [...FFMPEG, '-i', file, '-map', '0:v:0', '-frames:v', '1', cover], {
    timeoutMs: TOOL_TIMEOUT_MS,
  });
  return { ...found, thumbnail: await makeThumbnail(cover, work) };
}

async function examineDocument(
  app: FastifyInstance,
  source: Source,
  file: string,
  work: string,
): Promise<Outcome> {
  const meta = describeTracks(await readTracks(file));
  let playable: string | undefined;
  if (source.mime !== 'application/pdf') {
    const soffice = await findTool(app.config, 'soffice');
    if (!soffice) return { state: 'failed', problem: 'content.officeUnavailable', meta };
    playable = await convertWithOffice(soffice, file, 'pdf', work);
  }
  const pdf = playable ?? file;
  const pages = await pageCount(app, pdf);
  return {
    state: 'ready',
    problem: null,
    meta: pages === undefined ? meta : { ...meta, pages },
    thumbnail: await firstPage(app, pdf, work),
    playable,
    pages: await pageImages(app, pdf, work),
  };
}

/**
 * Every page of a PDF (the first DOCUMENT_PAGE_LIMIT) as a JPEG DOCUMENT_PAGE_SIDE pixels on its
 * longer side, for screens to show page by page; none without poppler's pdftoppm.
 */
async function pageImages(app: FastifyInstance, pdf: string, work: string) {
  const pdftoppm = await findTool(app.config, 'pdftoppm');
  if (!pdftoppm) return undefined;
  const out = await fs.promises.mkdtemp(path.join(work, 'pages-'));
  await runTool(
    pdftoppm,
    [
      ...['-jpeg', '-jpegopt', 'quality=85'],
      ...['-l', String(DOCUMENT_PAGE_LIMIT), '-scale-to', String(DOCUMENT_PAGE_SIDE)],
      pdf,
      path.join(out, 'page'),
    ],
    { timeoutMs: TRANSCODE_TIMEOUT_MS },
  );
  // page-1.jpg … page-12.jpg, or zero-padded to the last page's digits.
  const number = (name: string) => Number(/-(\d+)\.jpg$/.exec(name)?.[1] ?? Number.NaN);
  const names = (await fs.promises.readdir(out)).filter((name) => !Number.isNaN(number(name)));
  return names.sort((a, b) => number(a) - number(b)).map((name) => path.join(out, name));
}

/** An H5 package: unpacked and checked; a package refused fails with its reason. */
async function examineH5(file: string, work: string): Promise<Outcome> {
  try {
    const { site, files, bytes } = await unpackH5(file, path.join(work, 'h5'));
    return { state: 'ready', problem: null, meta: { files, unpacked_size: bytes }, site };
  } catch (error) {
    if (error instanceof H5Refused) return { state: 'failed', problem: error.problem };
    throw error;
  }
}

/** The pages of a PDF, from poppler's pdfinfo when installed. */
async function pageCount(app: FastifyInstance, pdf: string) {
  const pdfinfo = await findTool(app.config, 'pdfinfo');
  if (!pdfinfo) return undefined;
  const info = await runTool(pdfinfo, [pdf], { timeoutMs: TOOL_TIMEOUT_MS });
  const pages = /^Pages:\s+(\d+)/m.exec(info);
  return pages ? Number(pages[1]) : undefined;
}

/** The thumbnail of a PDF's first page: poppler when installed, else LibreOffice, else none. */
async function firstPage(app: FastifyInstance, pdf: string, work: string) {
  const pdftoppm = await findTool(app.config, 'pdftoppm');
  let page: string;
  if (pdftoppm) {
    const stem = path.join(work, 'page');
    const side = String(THUMBNAIL_SIDE);
    await runTool(pdftoppm, ['-png', '-f', '1', '-l', '1', '-scale-to', side, '-singlefile', pdf, stem], {
      timeoutMs: TOOL_TIMEOUT_MS,
    });
    page = `${stem}.png`;
  } else {
    const soffice = await findTool(app.config, 'soffice');
    if (!soffice) return undefined;
    page = await convertWithOffice(soffice, pdf, 'png', work);
  }
  return makeThumbnail(page, work, { background: 'white' });
}

/**
 * Converts a file with LibreOffice, which tells formats by their content. Each run has its own
 * profile: two runs on one profile (another server process) would clash.
 */
async function convertWithOffice(soffice: string, file: string, format: 'pdf' | 'png', work: string) {
  const out = await fs.promises.mkdtemp(path.join(work, `${format}-`));
  const profile = pathToFileURL(path.join(work, 'office-profile')).href;
  await runTool(
    soffice,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      format,
      '--outdir',
      out,
      file,
    ],
    { timeoutMs: TOOL_TIMEOUT_MS, cwd: work },
  );
  const converted = path.join(out, `${path.parse(file).name}.${format}`);
  // LibreOffice reports a file it cannot load on its output but still ends with 0.
  if (!(await fs.promises.stat(converted).catch(() => null)))
    throw new ToolError(`soffice made no ${format}`);
  return converted;
}

/** A WebP at most 480 px on its longer side, upright; documents on a white page. */
async function makeThumbnail(input: string, work: string, { background }: { background?: string } = {}) {
  const output = path.join(work, `thumbnail-${path.parse(input).name}.webp`);
  let image = sharp(input, { failOn: 'none' }).autoOrient();
  if (background) image = image.flatten({ background });
  await image
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(output);
  return output;
}

/**
 * Writes the outcome in one UPDATE and moves the made files to their place in the same
 * transaction, under their hashes' locks: a purge deciding whether such a file is still used
 * waits for it. A row purged meanwhile gets nothing stored.
 */
async function record(app: FastifyInstance, contentId: number, outcome: Outcome) {
  const hashed = (file: string | undefined) =>
    file ? hashFile(file).then((hash) => ({ file, hash })) : null;
  const [thumbnail, playable] = await Promise.all([hashed(outcome.thumbnail), hashed(outcome.playable)]);
  const pages = await Promise.all((outcome.pages ?? []).map((file) => hashed(file) as Promise<Product>));
  const made = [thumbnail, playable, ...pages];
  const { state, problem, width, height, duration, meta, site } = outcome;
  const replaced = await app.db.transaction(async (tx) => {
    const hashes = [...new Set(made.flatMap((product) => (product ? [product.hash] : [])))].sort();
    for (const hash of hashes) await lockHash(tx, hash);
    const [updated] = await tx
      .update(contents)
      .set({
        state,
        problem,
        thumbnailHash: thumbnail?.hash ?? null,
        playableHash: playable?.hash ?? null,
        ...(width !== undefined ? { width, height } : {}),
        ...(duration !== undefined ? { duration } : {}),
        ...(meta ? { meta } : {}),
      })
      .where(eq(contents.id, contentId))
      .returning({ id: contents.id, hash: contents.hash });
    if (!updated) return [];
    for (const product of made) if (product) await storeFile(app.storage, product.file, product.hash);
    if (site && updated.hash) {
      await lockHash(tx, updated.hash);
      await storeH5(app.storage, site, updated.hash);
    }
    // Processing again (a retry) replaces the pages; those no longer made go once unreferenced.
    const old = await tx
      .delete(contentPages)
      .where(eq(contentPages.contentId, contentId))
      .returning({ hash: contentPages.hash });
    if (pages.length > 0) {
      await tx
        .insert(contentPages)
        .values(pages.map((page, index) => ({ contentId, page: index + 1, hash: page.hash })));
    }
    // Ready (or failed) now: the screens whose programs show it fetch their manifest again.
    await notifyProgramsChanged(tx, { contents: [contentId] });
    return old.map((page) => page.hash);
  });
  if (replaced.length > 0) await removeUnreferencedMedia(app, replaced);
}

type Product = { file: string; hash: string };

/** Removes the work folders a process that died left behind (older than any tool may run). */
export async function removeStaleWork(dataDir: string) {
  const root = mediaDir(dataDir);
  const entries = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(WORK_PREFIX)) continue;
    const folder = path.join(root, entry.name);
    const { mtimeMs } = await fs.promises.stat(folder);
    if (Date.now() - mtimeMs > STALE_WORK_MS) await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
