import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ContentType } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildTenant } from '../../test/team-factories';
import { BIN_DAYS, purgeExpiredBin } from '../content';
import { documentPages } from './document-pages';
import {
  enqueueProcessing,
  officeConversionAvailable,
  processContent,
  removeStaleWork,
  STALE_WORK_MS,
} from './media';
import { findTool, type Tool } from './media-tools';
import { mediaDir, mediaPath, removeUnreferencedMedia } from './storage';

const run = promisify(execFile);
const installed = async (tool: Tool) => (await findTool({}, tool)) !== null;
const hasFfmpeg = await installed('ffmpeg');
const hasOffice = await installed('soffice');
const hasPoppler = (await installed('pdftoppm')) && (await installed('pdfinfo'));

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-media-'));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

/** A folder of links to some of the installed tools: the others are absent for the app that uses it. */
async function toolsFolder(name: string, tools: Tool[]) {
  const folder = path.join(fixtures, name);
  fs.mkdirSync(folder);
  for (const tool of tools) {
    const file = await findTool({}, tool);
    if (file) fs.symlinkSync(file, path.join(folder, path.basename(file)));
  }
  return folder;
}

let app: FastifyInstance;
/** No tool at all: metadata and image thumbnails only. */
let bare: FastifyInstance;
/** LibreOffice but not poppler. */
let officeOnly: FastifyInstance;
let workspace: { id: number; companyId: number };
beforeAll(async () => {
  app = await buildTestApp();
  bare = await buildTestApp({ mediaToolsPath: await toolsFolder('none', []) });
  officeOnly = await buildTestApp({ mediaToolsPath: await toolsFolder('office', ['soffice']) });
});

/** A file stored as an upload leaves it, and its content row waiting for processing. */
async function uploaded(
  target: FastifyInstance,
  bytes: Buffer,
  columns: { type: ContentType; mime: string; name: string },
) {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const file = mediaPath(target.config.dataDir, hash);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, bytes);
  const { root } = await buildTenant(target);
  workspace = root;
  return buildContent(target, workspace, { ...columns, hash, size: bytes.length, state: 'processing' });
}

async function processed(target: FastifyInstance, id: number) {
  await processContent(target, id);
  const [row] = await target.db.select().from(contents).where(eq(contents.id, id));
  return row;
}

const stored = (target: FastifyInstance, hash: string | null) => {
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  return mediaPath(target.config.dataDir, hash as string);
};

async function expectThumbnail(
  target: FastifyInstance,
  hash: string | null,
  size: { width: number; height: number },
) {
  const file = stored(target, hash);
  const bytes = await fs.promises.readFile(file);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(hash);
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }).toEqual({ format: 'webp', ...size });
}

/** Every file under media/ (the stored ones and any work folder). */
function mediaFiles(target: FastifyInstance) {
  return fs.readdirSync(mediaDir(target.config.dataDir), { recursive: true }).map(String).sort();
}

/** Writes a file with ffmpeg and returns its bytes. */
async function ffmpeg(name: string, args: string[]) {
  const file = path.join(fixtures, name);
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return fs.promises.readFile(file);
}

const TEST_VIDEO = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'];
const TEST_TONE = ['-f', 'lavfi', '-i', 'sine=duration=2'];
const h264 = () =>
  ffmpeg('clip.mp4', [
    ...TEST_VIDEO,
    ...TEST_TONE,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
  ]);
const mpeg2 = () =>
  ffmpeg('clip.mpeg', [...TEST_VIDEO, ...TEST_TONE, '-c:v', 'mpeg2video', '-c:a', 'mp2', '-shortest']);

/**
 * A PDF of `pages` letter-size pages, each a square (blue, or another "r g b" of one digit each),
 * with its cross-reference table.
 */
function pdf(pages: number, rgb = '0 0 1') {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, page) => `${4 + page} 0 R`).join(' ')}] /Count ${pages} >>`,
    `<< /Length 31 >>\nstream\n${rgb} rg 100 100 300 300 re f\nendstream`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>',
    ),
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('images', () => {
  it('measures an image as shown and stores a thumbnail of at most 480 px, turned upright', async () => {
    // Stored landscape, shown portrait: EXIF orientation 6 turns it a quarter clockwise.
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3060c0' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const item = await uploaded(app, bytes, {
      type: ContentType.image,
      mime: 'image/jpeg',
      name: 'Photo.jpg',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({
      state: 'ready',
      problem: null,
      width: 800,
      height: 1200,
      playableHash: null,
    });
    expect(row.meta).toMatchObject({ format: 'JPEG' });
    await expectThumbnail(app, row.thumbnailHash, { width: 320, height: 480 });
  });

  it('leaves a small image its size in the thumbnail', async () => {
    const bytes = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const item = await uploaded(bare, bytes, { type: ContentType.image, mime: 'image/png', name: 'Dot.png' });
    const row = await processed(bare, item.id);
    expect(row).toMatchObject({ state: 'ready', width: 200, height: 100 });
    await expectThumbnail(bare, row.thumbnailHash, { width: 200, height: 100 });
  });

  it('fails an image whose bytes are not one', async () => {
    const item = await uploaded(app, randomBytes(4096), {
      type: ContentType.image,
      mime: 'image/png',
      name: 'Bad.png',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'failed', problem: 'content.processingFailed', thumbnailHash: null });
  });
});

describe('videos', () => {
  it.skipIf(!hasFfmpeg)('reads an H.264 MP4’s duration and codecs and stores its poster frame', async () => {
    const item = await uploaded(app, await h264(), {
      type: ContentType.video,
      mime: 'video/mp4',
      name: 'Clip.mp4',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'ready', problem: null, width: 320, height: 240, playableHash: null });
    expect(row.duration).toBeCloseTo(2, 1);
    expect(row.meta).toMatchObject({
      format: 'MPEG-4',
      video_codec: 'AVC',
      audio_codec: 'AAC',
      frame_rate: 25,
      sample_rate: 44100,
    });
    expect(row.meta.bit_rate).toBeGreaterThan(0);
    await expectThumbnail(app, row.thumbnailHash, { width: 320, height: 240 });
  });

  it.skipIf(!hasFfmpeg)('swaps the sides of a video its player turns upright', async () => {
    const turned = await ffmpeg('turned.mp4', [
      '-i',
      path.join(fixtures, 'clip.mp4'),
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
    ]);
    const item = await uploaded(app, turned, {
      type: ContentType.video,
      mime: 'video/mp4',
      name: 'Phone.mp4',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'ready', width: 240, height: 320 });
    await expectThumbnail(app, row.thumbnailHash, { width: 240, height: 320 });
  });

  it.skipIf(!hasFfmpeg)('transcodes MPEG-2 to an H.264 MP4 that browsers play', async () => {
    const item = await uploaded(app, await mpeg2(), {
      type: ContentType.video,
      mime: 'video/mpeg',
      name: 'Old.mpeg',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'ready', problem: null, width: 320, height: 240 });
    expect(row.meta).toMatchObject({
      format: 'MPEG-PS',
      video_codec: 'MPEG Video',
      audio_codec: 'MPEG Audio',
    });
    await expectThumbnail(app, row.thumbnailHash, { width: 320, height: 240 });
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,pix_fmt', '-of', 'json'],
      stored(app, row.playableHash),
    ]);
    const codecs = JSON.parse(stdout).streams.map((stream: { codec_name: string }) => stream.codec_name);
    expect(codecs).toEqual(['h264', 'aac']);
  });

  it.skipIf(!hasFfmpeg)(
    'without ffmpeg marks a video browsers cannot play incompatible and one they can ready',
    async () => {
      const old = await uploaded(bare, await mpeg2(), {
        type: ContentType.video,
        mime: 'video/mpeg',
        name: 'Old.mpeg',
      });
      const oldRow = await processed(bare, old.id);
      expect(oldRow).toMatchObject({
        state: 'ready',
        problem: 'content.incompatible',
        playableHash: null,
        thumbnailHash: null,
        width: 320,
      });
      expect(oldRow.meta).toMatchObject({ video_codec: 'MPEG Video' });

      const modern = await uploaded(bare, await h264(), {
        type: ContentType.video,
        mime: 'video/mp4',
        name: 'New.mp4',
      });
      expect(await processed(bare, modern.id)).toMatchObject({
        state: 'ready',
        problem: null,
        thumbnailHash: null,
      });
    },
  );

  it('fails a video without a picture at once', async () => {
    const item = await uploaded(app, randomBytes(8192), {
      type: ContentType.video,
      mime: 'video/mp4',
      name: 'Bad.mp4',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'failed', problem: 'content.processingFailed', playableHash: null });
  });
});

describe('music', () => {
  it.skipIf(!hasFfmpeg)(
    'reads a song’s duration and codec; its cover, when it has one, is the thumbnail',
    async () => {
      const song = await ffmpeg('song.mp3', [...TEST_TONE, '-c:a', 'libmp3lame']);
      const plain = await uploaded(app, song, {
        type: ContentType.music,
        mime: 'audio/mpeg',
        name: 'Song.mp3',
      });
      const plainRow = await processed(app, plain.id);
      expect(plainRow).toMatchObject({ state: 'ready', problem: null, thumbnailHash: null });
      expect(plainRow.duration).toBeCloseTo(2, 0);
      expect(plainRow.meta).toMatchObject({
        format: 'MPEG Audio',
        audio_codec: 'MPEG Audio',
        sample_rate: 44100,
      });

      const cover = path.join(fixtures, 'cover.png');
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c03030' } }).toFile(cover);
      const withCover = await ffmpeg('covered.mp3', [
        ...['-i', path.join(fixtures, 'song.mp3'), '-i', cover, '-map', '0:a', '-map', '1:v'],
        ...['-c:a', 'copy', '-c:v', 'png', '-disposition:v', 'attached_pic'],
      ]);
      const covered = await uploaded(app, withCover, {
        type: ContentType.music,
        mime: 'audio/mpeg',
        name: 'Album.mp3',
      });
      const coveredRow = await processed(app, covered.id);
      expect(coveredRow).toMatchObject({ state: 'ready', problem: null });
      await expectThumbnail(app, coveredRow.thumbnailHash, { width: 480, height: 480 });
    },
  );
});

describe('documents', () => {
  it.skipIf(!hasPoppler)('counts a PDF’s pages and thumbnails its first page with poppler', async () => {
    const item = await uploaded(app, pdf(2), {
      type: ContentType.document,
      mime: 'application/pdf',
      name: 'Menu.pdf',
    });
    const row = await processed(app, item.id);
    expect(row).toMatchObject({ state: 'ready', problem: null, playableHash: null });
    expect(row.meta).toMatchObject({ format: 'PDF', pages: 2 });
    // Letter size, 612 × 792 pt, scaled to 480 px high.
    await expectThumbnail(app, row.thumbnailHash, { width: 371, height: 480 });
  });

  it.skipIf(!hasPoppler)('renders every page to a JPEG for screens, kept while the document is', async () => {
    // Red: no other document here has these pages.
    const item = await uploaded(app, pdf(3, '1 0 0'), {
      type: ContentType.document,
      mime: 'application/pdf',
      name: 'Brochure.pdf',
    });
    await processed(app, item.id);
    const pages = (await documentPages(app.db, [item.id])).get(item.id) ?? [];
    expect(pages).toHaveLength(3);
    for (const hash of pages) {
      const bytes = await fs.promises.readFile(stored(app, hash));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(hash);
      // Letter size, 612 × 792 pt, at 1920 px on its longer side.
      const { format, width, height } = await sharp(bytes).metadata();
      expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1484, height: 1920 });
    }
    // The same page drawn thrice is one stored file, kept while the document has it.
    expect(new Set(pages).size).toBe(1);
    expect(await removeUnreferencedMedia(app, pages)).toEqual([]);
    // Processed again, the pages are replaced, not added.
    await processed(app, item.id);
    expect((await documentPages(app.db, [item.id])).get(item.id)).toEqual(pages);
    // Purged from the recycle bin, the pages go with it.
    await app.db
      .update(contents)
      .set({ deletedAt: new Date(Date.now() - (BIN_DAYS + 1) * 86_400_000) })
      .where(eq(contents.id, item.id));
    await purgeExpiredBin(app);
    expect(await documentPages(app.db, [item.id])).toEqual(new Map());
    expect(fs.existsSync(stored(app, pages[0]))).toBe(false);
  });

  it.skipIf(!hasOffice)('thumbnails a PDF with LibreOffice where poppler is missing', async () => {
    const item = await uploaded(officeOnly, pdf(1), {
      type: ContentType.document,
      mime: 'application/pdf',
      name: 'Menu.pdf',
    });
    const row = await processed(officeOnly, item.id);
    expect(row).toMatchObject({ state: 'ready', problem: null, playableHash: null });
    expect(row.meta).not.toHaveProperty('pages');
    const { width, height } = await sharp(stored(officeOnly, row.thumbnailHash)).metadata();
    expect(Math.max(width, height)).toBe(480);
    expect(width).toBeLessThan(height);
  });

  it('leaves a PDF without a thumbnail where neither tool is installed', async () => {
    const item = await uploaded(bare, pdf(1), {
      type: ContentType.document,
      mime: 'application/pdf',
      name: 'Menu.pdf',
    });
    const row = await processed(bare, item.id);
    expect(row).toMatchObject({ state: 'ready', problem: null, thumbnailHash: null, playableHash: null });
    expect(await documentPages(bare.db, [item.id])).toEqual(new Map());
  });

  it.skipIf(!hasPoppler)('fails a PDF that is not one', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
    const item = await uploaded(app, bytes, {
      type: ContentType.document,
      mime: 'application/pdf',
      name: 'Bad.pdf',
    });
    expect(await processed(app, item.id)).toMatchObject({
      state: 'failed',
      problem: 'content.processingFailed',
    });
  });

  it.skipIf(!hasOffice || !hasPoppler)(
    'converts a Word document to a PDF and thumbnails its first page',
    async () => {
      await fs.promises.writeFile(path.join(fixtures, 'letter.txt'), 'Dear screen,\nhello.\n');
      await run('soffice', [
        `-env:UserInstallation=file://${path.join(fixtures, 'profile')}`,
        ...['--headless', '--norestore', '--convert-to', 'docx', '--outdir', fixtures],
        path.join(fixtures, 'letter.txt'),
      ]);
      const docx = await fs.promises.readFile(path.join(fixtures, 'letter.docx'));
      const item = await uploaded(app, docx, { type: ContentType.document, mime: DOCX, name: 'Letter.docx' });
      const row = await processed(app, item.id);
      expect(row).toMatchObject({ state: 'ready', problem: null });
      expect(row.meta).toMatchObject({ pages: 1 });
      const converted = await fs.promises.readFile(stored(app, row.playableHash));
      expect(converted.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(converted).digest('hex')).toBe(row.playableHash);
      const { width, height } = await sharp(stored(app, row.thumbnailHash)).metadata();
      expect(height).toBe(480);
      expect(width).toBeLessThan(height);
    },
  );

  it('fails an Office document where LibreOffice is not installed', async () => {
    expect(await officeConversionAvailable(bare)).toBe(false);
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(512)]);
    const item = await uploaded(bare, zip, { type: ContentType.document, mime: DOCX, name: 'Letter.docx' });
    const row = await processed(bare, item.id);
    expect(row).toMatchObject({ state: 'failed', problem: 'content.officeUnavailable', playableHash: null });
  });

  it.skipIf(!hasOffice)('tells LibreOffice is installed', async () => {
    expect(await officeConversionAvailable(app)).toBe(true);
  });
});

describe('the processing job', () => {
  it('runs from the queue', async () => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const item = await uploaded(app, bytes, {
      type: ContentType.image,
      mime: 'image/png',
      name: 'Queued.png',
    });
    await enqueueProcessing(app, item.id);
    expect(await app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [row] = await app.db.select().from(contents).where(eq(contents.id, item.id));
    expect(row).toMatchObject({ state: 'ready', width: 64, height: 48 });
    await expectThumbnail(app, row.thumbnailHash, { width: 64, height: 48 });
  });

  it('stores nothing for an item purged while it was processed, and leaves no work folder', async () => {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#20a040' } })
      .jpeg()
      .toBuffer();
    const item = await uploaded(app, bytes, {
      type: ContentType.image,
      mime: 'image/jpeg',
      name: 'Gone.jpg',
    });
    const before = mediaFiles(app);
    // Queued after the processing's first read: the row is gone before its result is written.
    const processing = processContent(app, item.id);
    await app.db.delete(contents).where(eq(contents.id, item.id));
    await processing;
    expect(mediaFiles(app)).toEqual(before);
  });

  it('tries again later when the file is not here, and fails the item only on the last try', async () => {
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const item = await uploaded(app, bytes, { type: ContentType.image, mime: 'image/png', name: 'Late.png' });
    const file = stored(app, item.hash);
    await fs.promises.rename(file, `${file}.away`);
    await expect(processContent(app, item.id, { retry: true })).rejects.toMatchObject({ code: 'ENOENT' });
    const [waiting] = await app.db.select().from(contents).where(eq(contents.id, item.id));
    expect(waiting.state).toBe('processing');
    await processContent(app, item.id);
    const [failed] = await app.db.select().from(contents).where(eq(contents.id, item.id));
    expect(failed).toMatchObject({ state: 'failed', problem: 'content.processingFailed' });
    // The file arrives (another process's write became visible): processing it again works.
    await fs.promises.rename(`${file}.away`, file);
    await app.db.update(contents).set({ state: 'processing' }).where(eq(contents.id, item.id));
    expect(await processed(app, item.id)).toMatchObject({ state: 'ready', width: 32, height: 32 });
  });

  it('does nothing for an item that no longer exists', async () => {
    await expect(processContent(app, 2_000_000_000)).resolves.toBeUndefined();
  });

  it('clears the work folders a process that died left behind, and only those', async () => {
    const root = mediaDir(bare.config.dataDir);
    const folder = (name: string, ageMs: number) => {
      const made = path.join(root, name);
      fs.mkdirSync(path.join(made, 'inside'), { recursive: true });
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(made, at, at);
      return made;
    };
    const stale = folder('.work-dead', STALE_WORK_MS + 60_000);
    const running = folder('.work-busy', 60_000);
    const hashes = folder('ab', STALE_WORK_MS + 60_000);
    await removeStaleWork(bare.config.dataDir);
    expect([stale, running, hashes].map((made) => fs.existsSync(made))).toEqual([false, true, true]);
  });
});
