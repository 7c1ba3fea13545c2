import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page, Request, Route } from '@playwright/test';
import { UPLOAD_CHUNK_SIZE, UPLOAD_MAX_FILES } from '../packages/contract/src/limits';
import { baseUrl, expect, test } from './support';
import { type Account, createOwner, fitsThePhone, logIn, PHONE, shot, text } from './support/journey';

// The content library: an owner chooses images, videos, a PDF and a song; the upload
// panel shows their progress; a reload in the middle of a big video resumes it where the server
// left off; thumbnails, posters and previews follow. A 21-file drop and a renamed executable are
// refused. A website and an HLS stream, served by this journey on 127.0.0.1 (which global setup
// lets the server reach with CONTENT_HOST_ALLOWLIST), are added and previewed. The recycle bin
// takes an image back and purges another. Every file is made here, in a temporary folder.

test.describe.configure({ mode: 'serial' });

const PAGE_TEXT = 'Vitrine journey page';
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);

/** A one-page PDF with a line of text, written by hand (offsets and all). */
function onePagePdf(line: string): Buffer {
  const stream = `BT /F1 36 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Every file the journey uploads or serves, made in `dir`. */
function makeFiles(dir: string) {
  const at = (name: string) => path.join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=1280x720', '-frames:v', '1', at('test-card.png'));
  ffmpeg('-f', 'lavfi', '-i', 'smptehdbars=size=1280x720', '-frames:v', '1', at('colour-bars.jpg'));
  // 5 s of H.264 with sound, one part; and 4 s of noise at near-lossless quality, ~60 MB (29 parts).
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330'],
    ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    at('welcome.mp4'),
  );
  ffmpeg(
    ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '640x360', '-r', '25', '-i', '/dev/urandom'],
    ...['-frames:v', '100', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '1', '-pix_fmt', 'yuv420p'],
    at('showroom.mp4'),
  );
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', at('jingle.mp3'));
  fs.writeFileSync(at('menu.pdf'), onePagePdf('Vitrine menu'));
  // An executable in a PNG's clothes.
  fs.writeFileSync(at('setup.png'), Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]));
  // 21 small images of random pixels (each different).
  fs.mkdirSync(at('tiles'));
  ffmpeg(
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '16x16', '-i', '/dev/urandom', '-frames:v', '21'],
    path.join(dir, 'tiles', 'tile-%02d.png'),
  );
  // An HLS stream: a 6 s playlist of 2 s segments.
  fs.mkdirSync(at('hls'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '6', '-c:v', 'libx264'],
    ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25', '-f', 'hls', '-hls_time', '2'],
    ...['-hls_list_size', '0', '-hls_playlist_type', 'vod', at('hls/index.m3u8')],
  );
  fs.writeFileSync(
    at('page.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Today</title></head><body style="font: 48px sans-serif; background: #fdf6e3; margin: 0; padding: 40px"><h1>${PAGE_TEXT}</h1><p>Opening hours 9–18</p></body></html>`,
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/**
 * The outside world on 127.0.0.1: /page.html (a web page that may be framed), /deny.html (the
 * same page with X-Frame-Options: DENY) and /hls/… (the stream, readable from any origin).
 */
async function serveSite(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const file = pathname === '/deny.html' ? 'page.html' : pathname.slice(1);
    const full = path.join(dir, file);
    if (!full.startsWith(dir) || !fs.existsSync(full) || fs.statSync(full).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      ...(pathname === '/deny.html' ? { 'x-frame-options': 'DENY' } : {}),
    });
    fs.createReadStream(full).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let dir: string;
let site: Awaited<ReturnType<typeof serveSite>>;
let owner: Account;
const file = (name: string) => path.join(dir, name);

test.beforeAll(async ({ request }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-content-'));
  makeFiles(dir);
  site = await serveSite(dir);
  owner = await createOwner(request, 'content');
});

test.afterAll(async () => {
  await site?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// ── What the journey looks at ───────────────────────────────────────────────────────────────

const PART_PATH = '/backend/manager/common/slice-upload';
const isPart = (url: URL) => url.pathname === PART_PATH;
const isPartRequest = (request: Request) => isPart(new URL(request.url()));

const panelOf = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const uploadRow = (page: Page, name: string) =>
  panelOf(page).locator('.upload-row').filter({ hasText: name });
const card = (page: Page, name: string) => page.locator('.content-card').filter({ hasText: name });
const thumbnailOf = (page: Page, name: string) => card(page, name).locator('img.content-thumb__image');
const chooser = (page: Page) => page.locator('input[type="file"]');
/** Processing (thumbnails, posters, metadata) runs as a job after each upload. */
const PROCESSED = { timeout: 30_000 };

/** Opens a library page (`type` may carry a query) and waits for its heading. */
async function openLibrary(page: Page, type: string, title: string) {
  await page.goto(`/content/${type}`);
  // The page's own heading (the top bar repeats the route's name).
  await expect(page.getByRole('heading', { name: title, level: 4 })).toBeVisible();
}

/** Closes the upload panel once nothing in it runs (it drops what is done or failed). */
async function closePanel(page: Page) {
  await panelOf(page).getByRole('button', { name: 'Close' }).click();
  await expect(panelOf(page)).toBeHidden();
}

/** Waits until each named file's row says Uploaded. */
async function uploaded(page: Page, names: string[], timeout = 30_000) {
  for (const name of names)
    await expect(uploadRow(page, name).getByText('Uploaded')).toBeVisible({ timeout });
}

/** Opens an item's preview from its card and returns the dialog. */
async function preview(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Preview ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses `action` in an item's menu, once the menu has opened; the menu closes. */
async function itemAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  const entry = page.getByRole('menuitem', { name: action, exact: true });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(entry).toBeHidden();
}

async function closePreview(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Holds the upload parts that `hold` picks (the others go through) until `release`, which sends
 * them on, or `abandon`, which lets later parts through and leaves the held ones to a reload.
 */
async function gateParts(page: Page, hold: (part: { size: number }) => boolean) {
  const held: Route[] = [];
  let open = false;
  await page.route(isPart, async (route) => {
    if (!open && hold({ size: route.request().postDataBuffer()?.length ?? 0 })) held.push(route);
    else await route.continue();
  });
  return {
    held: () => held.map((route) => new URL(route.request().url())),
    release: async () => {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
    abandon: () => {
      open = true;
    },
  };
}

/** A drop of files on the drop zone, as a person drags them from a folder. */
async function dropFiles(page: Page, files: string[]) {
  const payload = files.map((name) => ({
    name: path.basename(name),
    data: fs.readFileSync(name).toString('base64'),
  }));
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const { name, data: base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], name, { type: 'image/png' }));
    }
    return data;
  }, payload);
  await page
    .getByRole('button', { name: /Drop files here or click to choose them/ })
    .dispatchEvent('drop', { dataTransfer: transfer });
}

/** Polls a media element until it has data and, once started (muted), plays on. */
async function plays(media: Locator) {
  await expect
    .poll(() => media.evaluate((element: HTMLMediaElement) => element.readyState))
    .toBeGreaterThan(0);
  await media.evaluate(async (element: HTMLMediaElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => media.evaluate((element: HTMLMediaElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

// ── The journey ─────────────────────────────────────────────────────────────────────────────

test('images upload with progress and get thumbnails; a 21-file drop and a renamed executable are refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, owner);
  await openLibrary(page, 'image', 'Images');
  await expect(page.getByText('No images yet')).toBeVisible();
  await shot(page, 'content', '01-images-empty');

  // Parts are held a moment so that the panel can be seen mid-way.
  const gate = await gateParts(page, () => true);
  await chooser(page).setInputFiles([file('test-card.png'), file('colour-bars.jpg')]);
  for (const name of ['test-card.png', 'colour-bars.jpg']) {
    await expect(uploadRow(page, name).getByText('Uploading')).toBeVisible();
  }
  await expect(panelOf(page)).toContainText('2 uploading · 2 in total');
  await expect.poll(() => gate.held().length).toBe(2);
  await shot(page, 'content', '02-images-uploading');
  await gate.release();
  await uploaded(page, ['test-card.png', 'colour-bars.jpg']);
  for (const name of ['test-card.png', 'colour-bars.jpg']) {
    await expect(thumbnailOf(page, name)).toBeVisible(PROCESSED);
    await expect
      .poll(() => thumbnailOf(page, name).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await shot(page, 'content', '03-images-grid');
  await closePanel(page);

  // 21 files in one drop: the first 20 go, the 21st is named.
  const tiles = fs
    .readdirSync(file('tiles'))
    .sort()
    .map((name) => path.join(dir, 'tiles', name));
  expect(tiles).toHaveLength(UPLOAD_MAX_FILES + 1);
  await dropFiles(page, tiles);
  const refusal = page.locator('.ant-notification-notice').filter({ hasText: 'At most 20 files' });
  await expect(refusal).toContainText('At most 20 files can be uploaded at once. Not added: tile-21.png');
  await expect(panelOf(page).locator('.upload-row')).toHaveCount(UPLOAD_MAX_FILES);
  await expect(uploadRow(page, 'tile-21.png')).toHaveCount(0);
  await shot(page, 'content', '04-images-21-dropped');
  await expect(panelOf(page).locator('.upload-row').filter({ hasText: 'Uploaded' })).toHaveCount(
    UPLOAD_MAX_FILES,
    { timeout: 60_000 },
  );
  await closePanel(page);
  await expect(page.getByText('22 in total')).toBeVisible();

  // An executable renamed .png passes the browser (it cannot tell), and the server refuses it.
  await chooser(page).setInputFiles(file('setup.png'));
  await expect(uploadRow(page, 'setup.png').getByRole('alert')).toHaveText(
    "The file's content does not match its type",
  );
  await expect(uploadRow(page, 'setup.png').getByText('Failed')).toBeVisible();
  await shot(page, 'content', '05-images-renamed-executable');
  await closePanel(page);
  await expect(card(page, 'setup.png')).toHaveCount(0);
});

test('a big video resumes after a reload mid-way without starting over; posters and the player', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, owner);
  await openLibrary(page, 'video', 'Videos');

  // The big video's first parts reach the server; the ones after are held, then the page reloads.
  const big = fs.statSync(file('showroom.mp4')).size;
  const partCount = Math.ceil(big / UPLOAD_CHUNK_SIZE);
  const through = 4;
  let passed = 0;
  const gate = await gateParts(page, ({ size }) => size === UPLOAD_CHUNK_SIZE && ++passed > through);
  await chooser(page).setInputFiles([file('showroom.mp4'), file('welcome.mp4')]);
  const bigRow = uploadRow(page, 'showroom.mp4');
  const halfway = String(Math.floor(((through * UPLOAD_CHUNK_SIZE) / big) * 100));
  await expect(bigRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', halfway, {
    timeout: 20_000,
  });
  await expect(bigRow.getByText('Uploading')).toBeVisible();
  await uploaded(page, ['welcome.mp4']);
  await shot(page, 'content', '06-video-uploading');
  // The parts after those wait at the gate.
  await expect.poll(() => gate.held().length).toBeGreaterThan(0);
  const uploadId = gate.held()[0].searchParams.get('upload_id');

  // After the reload the server says which parts it holds, and only the others are sent.
  gate.abandon();
  const check = page.waitForResponse(
    (response) =>
      response.url().endsWith('/slice-upload-check') &&
      JSON.parse(response.request().postData() ?? '{}').size === big,
  );
  const sentAfter: number[] = [];
  await page.reload();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isPartRequest(request) && url.searchParams.get('upload_id') === uploadId) {
      sentAfter.push(Number(url.searchParams.get('index')));
    }
  });
  const held = (await (await check).json()).data as { upload_id: string; parts: number[] };
  expect(held.upload_id).toBe(uploadId);
  expect(held.parts).toEqual(Array.from({ length: through }, (_, index) => index));
  await expect(bigRow).toBeVisible();
  await uploaded(page, ['showroom.mp4']);
  expect(sentAfter.sort((a, b) => a - b)).toEqual(
    Array.from({ length: partCount - through }, (_, index) => index + through),
  );
  await shot(page, 'content', '07-video-resumed');
  await closePanel(page);

  // Posters for both; the small one plays in its preview.
  for (const name of ['showroom.mp4', 'welcome.mp4'])
    await expect(thumbnailOf(page, name)).toBeVisible(PROCESSED);
  await expect(card(page, 'welcome.mp4')).toContainText('0:05');
  await shot(page, 'content', '08-video-grid');
  const dialog = await preview(page, 'welcome.mp4');
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', /^\/backend\/media\/[0-9a-f]{64}$/);
  await plays(video);
  await expect(dialog).toContainText('640 × 360');
  await shot(page, 'content', '09-video-preview', { overlay: true });
  await closePreview(page, dialog);
});

test('a PDF and a song upload, get a page thumbnail and a player', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, owner);

  await openLibrary(page, 'document', 'Documents');
  await chooser(page).setInputFiles(file('menu.pdf'));
  await uploaded(page, ['menu.pdf']);
  await closePanel(page);
  // The folder counts this tab's items only: the PDF, not the images and the video uploaded before.
  await expect(page.locator('.content-folder__name').filter({ hasText: 'Default folder' })).toHaveText(
    'Default folder1',
  );
  await expect(thumbnailOf(page, 'menu.pdf')).toBeVisible(PROCESSED);
  await shot(page, 'content', '10-document-grid');
  const pdf = await preview(page, 'menu.pdf');
  const frame = pdf.locator('iframe');
  const src = await frame.getAttribute('src');
  expect(src).toMatch(/^\/backend\/media\/[0-9a-f]{64}$/);
  // The browser's PDF viewer opens the file in the frame (a refused frame shows Chromium's error page).
  await expect.poll(() => page.frames().map((candidate) => candidate.url())).toContain(`${baseUrl()}${src}`);
  await expect(pdf).toContainText('Pages');
  await shot(page, 'content', '11-document-preview', { overlay: true });
  await closePreview(page, pdf);

  await openLibrary(page, 'music', 'Music');
  await chooser(page).setInputFiles(file('jingle.mp3'));
  await uploaded(page, ['jingle.mp3']);
  await closePanel(page);
  await expect(card(page, 'jingle.mp3')).toContainText('0:05', PROCESSED);
  await shot(page, 'content', '12-music-grid');
  const song = await preview(page, 'jingle.mp3');
  await plays(song.locator('audio'));
  await shot(page, 'content', '13-music-preview', { overlay: true });
  await closePreview(page, song);
});

test('the recycle bin takes a deleted image back, and purges another for good', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, owner);
  // 22 images: the first two are on the second page of 20.
  await openLibrary(page, 'image?page_size=50', 'Images');

  // Both chosen on their cards, deleted together (the confirmation wants DELETE typed).
  for (const name of ['test-card.png', 'colour-bars.jpg']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.locator('.content-selection').getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog').filter({ hasText: 'Move to the recycle bin:' });
  await expect(confirmDelete).toContainText('test-card.png');
  await expect(confirmDelete).toContainText('colour-bars.jpg');
  await confirmDelete.getByPlaceholder('DELETE').fill('DELETE');
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Moved to the recycle bin.')).toBeVisible();
  for (const name of ['test-card.png', 'colour-bars.jpg']) await expect(card(page, name)).toHaveCount(0);

  const toolbar = page.locator('.content-toolbar');
  await toolbar.getByText('Recycle bin', { exact: true }).click();
  await expect(page).toHaveURL(/deleted=1/);
  await expect(card(page, 'test-card.png')).toBeVisible();
  await expect(card(page, 'colour-bars.jpg')).toBeVisible();
  await shot(page, 'content', '14-bin');

  await itemAction(page, 'test-card.png', 'Restore');
  await expect(page.getByText('Restored.')).toBeVisible();
  await expect(card(page, 'test-card.png')).toHaveCount(0);

  await itemAction(page, 'colour-bars.jpg', 'Delete permanently');
  const confirm = page.getByRole('dialog').filter({ hasText: 'deleted permanently' });
  await expect(confirm).toContainText('colour-bars.jpg');
  await confirm.getByPlaceholder('DELETE').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('Deleted permanently.')).toBeVisible();
  await expect(page.getByText('The recycle bin is empty')).toBeVisible();

  await toolbar.getByText('Library', { exact: true }).click();
  await expect(card(page, 'test-card.png')).toBeVisible();
  await expect(card(page, 'colour-bars.jpg')).toHaveCount(0);
  await expect(page.getByText('21 in total')).toBeVisible();
});

/** A fresh browser of its own, at `options`' size. */
async function person(browser: Browser, options: Record<string, unknown>): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

test('the library in Arabic and at phone width', async ({ page, browser }) => {
  await logIn(page, owner);
  await page.goto('/content/video?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: text('ar', 'common:route.video'), level: 4 })).toBeVisible();
  await expect(thumbnailOf(page, 'welcome.mp4')).toBeVisible();
  await shot(page, 'content', '15-video-arabic');

  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await openLibrary(phone, 'image', 'Images');
  await expect(phone.locator('img.content-thumb__image').first()).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'content', '16-images-phone');
  await phone.context().close();
});

test('a website and an HLS stream are added and previewed; a page that refuses frames is refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, owner);

  await openLibrary(page, 'website', 'Websites');
  const addLink = async (kind: 'website' | 'stream', name: string, link: string) => {
    // The header's button (an empty library offers one more).
    await page
      .getByRole('button', { name: `Add ${kind}` })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: `Add ${kind}` });
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByLabel('Address (URL)').fill(link);
    await page.locator('#contentLinkFormSubmit').click();
    return drawer;
  };

  // A page whose server forbids frames is refused on its address field.
  const refused = await addLink('website', 'Framed nowhere', `${site.url}/deny.html`);
  await expect(refused).toContainText('This website does not allow itself to be shown inside another page');
  await shot(page, 'content', '17-website-refused', { overlay: true });
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();

  await addLink('website', 'Opening hours', `${site.url}/page.html`);
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(card(page, 'Opening hours')).toContainText(`${site.url}/page.html`);
  await shot(page, 'content', '18-website-grid');
  const website = await preview(page, 'Opening hours');
  await expect(page.frameLocator('iframe.content-website__frame').getByText(PAGE_TEXT)).toBeVisible();
  await shot(page, 'content', '19-website-preview', { overlay: true });
  await closePreview(page, website);

  await openLibrary(page, 'stream', 'Streams');
  await addLink('stream', 'Lobby camera', `${site.url}/hls/index.m3u8`);
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(card(page, 'Lobby camera')).toContainText(`${site.url}/hls/index.m3u8`);
  await shot(page, 'content', '20-stream-grid');
  // hls.js reads the playlist and its segments from the stream's own server.
  const stream = await preview(page, 'Lobby camera');
  await plays(stream.locator('video'));
  await expect(stream.getByText('This stream cannot be played in this browser.')).toHaveCount(0);
  await shot(page, 'content', '21-stream-preview', { overlay: true });
  await closePreview(page, stream);
});

test('a text message is added, previewed scrolling, and shown in Arabic and at phone width', async ({
  page,
  browser,
}) => {
  await logIn(page, owner);
  await page.goto('/content/text');
  await page.getByRole('button', { name: 'Add text' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add text' });
  await drawer.getByLabel('Title').fill('Opening offer');
  await drawer.getByLabel('Text', { exact: true }).fill('Two coffees for the price of one until noon');
  // The drawer's live preview scrolls the text as it is typed.
  await expect(
    drawer.getByTestId('marquee-preview').getByText('Two coffees for the price of one until noon'),
  ).toBeVisible();
  await shot(page, 'content', '22-text-drawer', { overlay: true });
  await page.locator('#contentTextFormSubmit').click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Opening offer' });
  await expect(row).toContainText('Two coffees');
  await shot(page, 'content', '23-text-list');

  await row.getByRole('button', { name: 'Preview Opening offer' }).click();
  const preview = page.getByRole('dialog');
  const moving = preview
    .getByTestId('marquee-preview')
    .getByText('Two coffees for the price of one until noon');
  await expect(moving).toBeVisible();
  // It moves: two readings of its box a moment apart differ.
  const before = await moving.boundingBox();
  await expect.poll(async () => (await moving.boundingBox())?.x).not.toBe(before?.x);
  await shot(page, 'content', '24-text-preview', { overlay: true });

  await page.goto('/content/text?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('row').filter({ hasText: 'Opening offer' })).toBeVisible();
  await shot(page, 'content', '25-text-arabic');

  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await phone.goto('/content/text');
  await expect(phone.getByRole('row').filter({ hasText: 'Opening offer' })).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'content', '26-text-phone');
  await phone.context().close();
});
