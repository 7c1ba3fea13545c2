import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, keepOpen, test } from './support';
import {
  type Account,
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  openTab,
  PHONE,
  person,
  pickOption,
  shot,
  submit,
  text,
  uploadContent,
  watchNotice,
} from './support/journey';
import { rendered } from './support/screens';

// Video walls (issue 24): an owner pairs four player pages, builds a 2 × 2 wall of them in the
// editor (one screen dragged with the mouse, the others chosen in their place's list, as from the
// keyboard), sees the preview lay a picture across the bezels, finds a screen of the wall cannot be
// deleted (spec 001 §4's words), and makes wall content of an uploaded picture. A video laid across
// the wall is scheduled to it: the four player pages play it in lock-step (the media times of the
// frames they present agree within a frame) and each shows its own crop of the picture, bezels
// allowed for (checked by pixels along every seam). A sync schedule of unequal durations is refused,
// in the wizard and by the server (spec 001 §4's words). The list, the editor, the wall content,
// the wall schedule and the refusal are captured in English, in Arabic and on a phone.

test.describe.configure({ mode: 'serial' });

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const PICTURE = 'wall-picture.png';
const WALL = 'Lobby wall';
const SCREENS = ['Wall top left', 'Wall top right', 'Wall bottom left', 'Wall bottom right'] as const;
const VIDEO = 'wall-seams.mp4';
const WALL_CONTENT = 'Seams in motion';
const WALL_SCHEDULE = 'Seams all day';

// The wall as it hangs: the editor's 55″ screens (active area in millimetres) with bezels wide
// enough that a crop forgetting them is off by more than one of the video's blocks at every seam.
const SCREEN_MM = { width: 1210, height: 680 };
const BEZEL_MM = 20;
/** A player page's size (unpairedScreen's), and the video's. */
const PLAYER_PX = { width: 1280, height: 720 };
const VIDEO_PX = { width: 960, height: 540 };
const VIDEO_SECONDS = 4;
/** One frame of the video (25 fps), in ms: the four screens show the same one. */
const FRAME_MS = 40;

let dir: string;
let owner: Account;
let wallId = 0;
let scheduleId = 0;
/** The four player pages, as SCREENS (row by row); open from the wall's building to its playing. */
const screens: Page[] = [];

test.beforeAll(async ({ request }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-wall-'));
  const at = (name: string) => path.join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=1600x900', '-frames:v', '1', at(PICTURE));
  // The wall video: blocks of random grey, 6 px square, standing still for 4 s at 25 fps. No two
  // places of the picture look alike, so a crop a few pixels off no longer matches; and every frame
  // is the same picture, so screenshots taken one after another compare. Cheap to decode.
  ffmpeg(
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '160x90', '-i', '/dev/urandom', '-frames:v', '1'],
    ...['-vf', `scale=${VIDEO_PX.width}:${VIDEO_PX.height}:flags=neighbor`, at('blocks.png')],
  );
  ffmpeg(
    ...['-loop', '1', '-framerate', '25', '-i', at('blocks.png'), '-t', String(VIDEO_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', at(VIDEO)],
  );
  // What a decoder makes of it (the compression's own losses included): the reference.
  ffmpeg('-i', at(VIDEO), '-frames:v', '1', '-pix_fmt', 'rgb24', at('decoded.png'));
  owner = await createOwner(request, 'video-wall');
});

test.afterAll(async () => {
  await Promise.all(screens.map((screen) => screen.context().close()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A frame a player page presented: when it was on screen (the machine's clock, ms) and its media time (s). */
type Frame = [at: number, media: number];

/**
 * Runs in a player page before it loads: records the last 100 video frames it presents
 * (requestVideoFrameCallback), each when it was on screen by the machine's clock, which the four
 * pages share (their time origin plus the frame's expected display time), and its media time.
 */
function recordFrames() {
  const frames: Frame[] = [];
  (window as unknown as { __wallFrames: Frame[] }).__wallFrames = frames;
  const watched = new WeakSet<HTMLVideoElement>();
  const watch = (video: HTMLVideoElement) => {
    if (watched.has(video)) return;
    watched.add(video);
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      frames.push([performance.timeOrigin + metadata.expectedDisplayTime, metadata.mediaTime]);
      if (frames.length > 100) frames.shift();
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    for (const video of document.querySelectorAll('video')) watch(video);
  }).observe(document, { childList: true, subtree: true });
}

const framesOf = (screen: Page) =>
  screen.evaluate(() => (window as unknown as { __wallFrames: Frame[] }).__wallFrames);

/**
 * A page's media time at machine time `at`: its last frame before then, played on at rate 1 (the
 * player corrects within ±5 %); null when that frame is over 100 ms old (a stall, or none yet).
 */
function mediaAt(frames: readonly Frame[], at: number): number | null {
  const before = frames.filter(([shown]) => shown <= at).at(-1);
  if (!before || at - before[0] > 100) return null;
  return before[1] + (at - before[0]) / 1000;
}

/**
 * How far apart the pages' media times are (ms) at each frame the first presented in its last
 * second: the widest gap among them, the short way round the video's loop.
 */
function spreads(all: readonly (readonly Frame[])[]): number[] {
  const [first, ...others] = all;
  const latest = first.at(-1)?.[0] ?? 0;
  return first
    .filter(([at]) => at > latest - 1000)
    .flatMap(([at, media]) => {
      const times = [media];
      for (const frames of others) {
        const other = mediaAt(frames, at);
        if (other === null) return [];
        times.push(other - VIDEO_SECONDS * Math.round((other - media) / VIDEO_SECONDS));
      }
      return [(Math.max(...times) - Math.min(...times)) * 1000];
    });
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * The point of the video (in its pixels) that pixel (x, y) of the screen at (row, column), both
 * from 0, shows: worked out from the wall as it hangs, not from the player's arithmetic. The video
 * covers the wall's whole picture (every active area and the bezels between them, `bezel` mm on
 * each side of a screen): scaled to fill it, centred, the overflow cut. A screen shows what lies
 * in front of its own active area; the bezels hide the rest.
 */
function sourceOf(row: number, column: number, x: number, y: number, bezel: number) {
  const wall = {
    width: 2 * SCREEN_MM.width + 2 * bezel,
    height: 2 * SCREEN_MM.height + 2 * bezel,
  };
  const mmPerPixel = Math.max(wall.width / VIDEO_PX.width, wall.height / VIDEO_PX.height);
  const left = (wall.width - VIDEO_PX.width * mmPerPixel) / 2;
  const top = (wall.height - VIDEO_PX.height * mmPerPixel) / 2;
  const mmX = column * (SCREEN_MM.width + 2 * bezel) + ((x + 0.5) * SCREEN_MM.width) / PLAYER_PX.width;
  const mmY = row * (SCREEN_MM.height + 2 * bezel) + ((y + 0.5) * SCREEN_MM.height) / PLAYER_PX.height;
  return { u: (mmX - left) / mmPerPixel, v: (mmY - top) / mmPerPixel };
}

/** A picture's pixels, of which the first channel is read (the video is grey). */
type Grey = { data: Buffer; width: number; height: number; channels: number };

async function greyOf(png: Buffer | string): Promise<Grey> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const pixel = (image: Grey, x: number, y: number) => image.data[(y * image.width + x) * image.channels];

/** The grey at point (u, v) of `image`, blended between its pixels' centres as a scaler does. */
function blend(image: Grey, u: number, v: number): number {
  const x = Math.min(Math.max(u - 0.5, 0), image.width - 1);
  const y = Math.min(Math.max(v - 0.5, 0), image.height - 1);
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [x1, y1] = [Math.min(x0 + 1, image.width - 1), Math.min(y0 + 1, image.height - 1)];
  const [fx, fy] = [x - x0, y - y0];
  const above = pixel(image, x0, y0) * (1 - fx) + pixel(image, x1, y0) * fx;
  const below = pixel(image, x0, y1) * (1 - fx) + pixel(image, x1, y1) * fx;
  return above * (1 - fy) + below * fy;
}

/** How deep into a screen, from each seam, its pixels are compared. */
const SEAM_PX = 24;
/**
 * The mean difference, in grey levels, between what the screen at (row, column) shows along its two
 * seams (its edges that meet another screen) and its crop of the decoded video, for bezels of
 * `bezel` mm.
 */
function seamError(shown: Grey, reference: Grey, row: number, column: number, bezel: number): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < PLAYER_PX.height; y++) {
    for (let x = 0; x < PLAYER_PX.width; x++) {
      const fromSide = column === 0 ? PLAYER_PX.width - 1 - x : x;
      const fromEnd = row === 0 ? PLAYER_PX.height - 1 - y : y;
      if (fromSide >= SEAM_PX && fromEnd >= SEAM_PX) continue;
      const { u, v } = sourceOf(row, column, x, y, bezel);
      sum += Math.abs(pixel(shown, x, y) - blend(reference, u, v));
      count++;
    }
  }
  return sum / count;
}

/**
 * e2e/screenshots/video-wall-<step>.png: the four screens' pictures as they hang, bezels black
 * (not a page: no accessibility check to make).
 */
async function wallPicture(pictures: readonly Buffer[], step: string) {
  const gap = Math.round((2 * BEZEL_MM * PLAYER_PX.width) / SCREEN_MM.width);
  const file = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'screenshots',
    `video-wall-${step}.png`,
  );
  await sharp({
    create: {
      width: 2 * PLAYER_PX.width + gap,
      height: 2 * PLAYER_PX.height + gap,
      channels: 3,
      background: '#000',
    },
  })
    .composite(
      pictures.map((input, index) => ({
        input,
        left: (index % 2) * (PLAYER_PX.width + gap),
        top: Math.floor(index / 2) * (PLAYER_PX.height + gap),
      })),
    )
    .png()
    .toFile(file);
}

/** Drags `from` onto the middle of `to` with the mouse, in small steps (dnd-kit follows moves). */
async function drag(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const target = { x: end.x + end.width / 2, y: end.y + end.height / 2 };
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.move(target.x, target.y + 1, { steps: 2 });
  await page.mouse.up();
}

/** The select of the place at (row, column), both from 1. */
const placeSelect = (page: Page, row: number, column: number) =>
  page.getByRole('combobox', { name: `Screen at Row ${row}, column ${column}` });

test('a 2 × 2 wall is built from four paired screens, and its screens stay until the wall goes', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await logIn(page, owner);
  for (const name of SCREENS) {
    const screen = await addScreen(page, browser, name, '', undefined, {
      prepare: async (player) => {
        await player.addInitScript(recordFrames);
      },
    });
    keepOpen(screen.context()); // it plays the wall's video below
    screens.push(screen);
  }

  await page.goto('/device/video-wall-list');
  await expect(page.getByRole('heading', { name: 'Video walls', level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'New wall' }).click();
  await expect(page).toHaveURL(/\/device\/video-wall\/0$/);
  await expect(page.getByRole('heading', { name: 'New video wall', level: 4 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(WALL);
  for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
    await page.getByLabel(`${side} bezel`, { exact: true }).fill(String(BEZEL_MM));
  }
  // The four screens of the workspace wait beside the empty grid.
  const side = page.getByRole('region', { name: 'Screens of the workspace' });
  for (const name of SCREENS) await expect(side.getByText(name, { exact: true })).toBeVisible();

  // The first by dragging it into its place with the mouse…
  await drag(
    page,
    side.getByRole('button', { name: `Drag ${SCREENS[0]} to a place` }),
    page.getByTestId('wall-cell-0,0'),
  );
  await expect(placeSelect(page, 1, 1)).toBeAttached();
  await expect(page.getByTestId('wall-cell-0,0')).toContainText(SCREENS[0]);
  // …the others in their place's list, as from the keyboard.
  const places = [
    [1, 2],
    [2, 1],
    [2, 2],
  ] as const;
  for (const [index, [row, column]] of places.entries()) {
    await placeSelect(page, row, column).click();
    await pickOption(page, SCREENS[index + 1]);
    await expect(page.getByTestId(`wall-cell-${row - 1},${column - 1}`)).toContainText(SCREENS[index + 1]);
  }
  await expect(side.getByText('Every screen is placed')).toBeVisible();
  // The preview names each screen on its part of the picture.
  const preview = page.getByRole('img', { name: 'Preview of a wall of 2 × 2 screens' });
  for (const name of SCREENS) await expect(preview.getByText(name, { exact: true })).toBeVisible();

  const saved = watchNotice(page, 'Video wall saved');
  expect(await submit(page, page.getByRole('button', { name: 'Save' }), '/manager/video-wall')).toBe(220000);
  expect(await saved).toBe(true);
  await expect(page).toHaveURL(/\/device\/video-wall\/\d+$/);
  wallId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await shot(page, 'video-wall', '1-editor');

  await page.goto('/device/video-wall-list');
  const row = page.getByRole('row').filter({ hasText: WALL });
  await expect(row).toContainText('4 of 4 placed');
  await shot(page, 'video-wall', '2-list');

  // Spec 001 §4: a device in a video wall cannot be deleted before the wall is.
  await page.goto('/device/list');
  const device = page.getByRole('row').filter({ hasText: SCREENS[0] });
  await device.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: SCREENS[0] });
  await confirm.getByPlaceholder('DELETE').fill('DELETE');
  const message = text('en', 'contract:videoWall.deviceDelete', { device: SCREENS[0], holder: WALL });
  const refused = watchNotice(page, message);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect(await refused, message).toBe(true);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: SCREENS[0] })).toBeVisible();
});

test('wall content lays an uploaded picture across the wall', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, owner);
  await uploadContent(page, 'image', [path.join(dir, PICTURE)]);

  await page.goto('/content/videowall-list');
  // A page loaded anew: its code is read again (17 s under a whole run's load).
  await expect(page.getByRole('heading', { name: 'Video wall content', level: 4 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'New wall content' }).click();
  const drawer = page.getByRole('dialog', { name: 'New wall content' });
  await drawer.getByLabel('Name', { exact: true }).fill('Welcome across');
  await drawer.getByLabel('Video wall').click();
  await pickOption(page, `${WALL} (2 × 2)`);
  await drawer.getByLabel('Source').click();
  await pickOption(page, PICTURE);
  await drawer.getByText('Contain', { exact: true }).click();
  await expect(drawer.getByRole('img', { name: 'Preview of a wall of 2 × 2 screens' })).toBeVisible();
  await shot(page, 'video-wall', '3-content-drawer', { overlay: true });
  const saved = watchNotice(page, 'Wall content saved');
  expect(
    await submit(page, page.locator('button[form="videoWallContentForm"]'), '/manager/video-wall-content'),
  ).toBe(220000);
  expect(await saved).toBe(true);
  const row = page.getByRole('row').filter({ hasText: 'Welcome across' });
  await expect(row).toContainText(WALL);
  await expect(row).toContainText(PICTURE);
  await expect(row).toContainText('Contain');
  await shot(page, 'video-wall', '4-content-list');
});

/** The server's answer to a call as the owner signed in on `page`. */
async function call(page: Page, request: APIRequestContext, url: string, data?: object, language = 'en') {
  const token = await page.evaluate(() => (localStorage.getItem('token') ?? '').replace(/^"|"$/g, ''));
  const response = await request.fetch(`/backend${url}`, {
    method: data ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
    ...(data ? { data } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

/**
 * From the schedule wizard at /schedule/add in `lang`: a sync schedule on the first screen of the
 * wall, of the picture for 5 s and the video for its own 4 s, to the order step's Next.
 */
async function unequalSync(page: Page, lang: string) {
  const t = (id: string, params?: Record<string, string>) => text(lang, id, params);
  await page.locator('#scheduleType').getByText(t('schedule-editor:type.sync'), { exact: true }).click();
  await page.locator('#scheduleNext').click();
  await page.getByRole('checkbox', { name: t('schedule-editor:devices.pick', { name: SCREENS[0] }) }).check();
  await page.locator('#scheduleNext').click();
  await page.getByRole('checkbox', { name: t('schedule-editor:content.pick', { name: PICTURE }) }).check();
  await openTab(page, t('playlist:tab.video'));
  await page.getByRole('checkbox', { name: t('schedule-editor:content.pick', { name: VIDEO }) }).check();
  await page.locator('#scheduleNext').click();
  await page.getByLabel(t('schedule-editor:order.seconds', { name: PICTURE })).fill('5');
  await page.locator('#scheduleNext').click();
  // It stays on the order step, saying why.
  await expect(page.getByRole('alert').filter({ hasText: t('contract:schedule.syncEqual') })).toBeVisible();
  await expect(page.locator('#scheduleOrder')).toBeVisible();
}

/**
 * A sync schedule of the picture for 5 s and the video for its own 4 s, on a screen of the wall:
 * the wizard does not leave its order step, and the server refuses it, on the video's duration, in
 * the caller's language (spec 001 §4's words).
 */
async function refuseUnequalSync(page: Page, request: APIRequestContext) {
  await page.goto('/schedule/add');
  await unequalSync(page, 'en');
  await shot(page, 'video-wall', '11-sync-unequal');

  const [device] = (await call(page, request, `/manager/device?keyword=${encodeURIComponent(SCREENS[0])}`))
    .data.list as { device_id: number }[];
  const contentOf = async (type: number, name: string) =>
    (
      (await call(page, request, `/manager/resource?type=${type}&keyword=${encodeURIComponent(name)}`)).data
        .list as { id: number }[]
    )[0].id;
  const body = {
    name: 'Unequal',
    type: 'sync',
    device_ids: [device.device_id],
    items: [
      { content_id: await contentOf(1, PICTURE), duration: 5 },
      { content_id: await contentOf(2, VIDEO), duration: null },
    ],
    start_date: new Date().toISOString().slice(0, 10),
    end_date: '2099-12-31',
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
  };
  for (const lang of ['en', 'ar']) {
    expect(await call(page, request, '/manager/schedule', body, lang)).toMatchObject({
      code: 400001,
      msg: text(lang, 'contract:schedule.syncEqual'),
      data: { field: 'items.1.duration' },
    });
  }
}

/** The most a screen's seams may differ from its crop of the decoded video (mean grey levels). */
const SEAM_TOLERANCE = 12;

test('a video laid across the wall plays on its four screens, each its own crop of the same frame; a sync schedule of unequal durations is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await logIn(page, owner);
  await uploadContent(page, 'video', [path.join(dir, VIDEO)]);

  // Wall content of the video, covering the wall (as the drawer proposes).
  await page.goto('/content/videowall-list');
  await page.getByRole('button', { name: 'New wall content' }).click({ timeout: 30_000 });
  const drawer = page.getByRole('dialog', { name: 'New wall content' });
  await drawer.getByLabel('Name', { exact: true }).fill(WALL_CONTENT);
  await drawer.getByLabel('Video wall').click();
  await pickOption(page, `${WALL} (2 × 2)`);
  await drawer.getByText('Video', { exact: true }).click();
  await drawer.getByLabel('Source').click();
  await pickOption(page, VIDEO);
  expect(
    await submit(page, page.locator('button[form="videoWallContentForm"]'), '/manager/video-wall-content'),
  ).toBe(220000);
  await expect(page.getByRole('row').filter({ hasText: WALL_CONTENT })).toContainText('Cover');

  // Scheduled as a person does: the wizard's Video wall type opens the wall schedule's editor,
  // which takes every screen of the content's wall; all day from today, approved on saving.
  await page.goto('/schedule/add');
  await page.locator('#scheduleType').getByText('Video wall', { exact: true }).click();
  await expect(page).toHaveURL(/\/schedule\/videowall$/);
  await page.locator('#wallContent').click();
  await pickOption(page, `${WALL_CONTENT} · ${WALL}`);
  await expect(page.getByText(`Plays on the 4 screens of the wall ${WALL}`)).toBeVisible();
  await expect(page.getByTestId('schedule-first-play')).toHaveText('Plays now');
  await page.locator('#scheduleName').fill(WALL_SCHEDULE);
  await shot(page, 'video-wall', '9-schedule');
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/backend/manager/schedule',
  );
  const published = watchNotice(page, text('en', 'contract:schedule.published'));
  expect(
    await submit(page, page.getByRole('button', { name: 'Approve and publish' }), '/manager/schedule'),
  ).toBe(220000);
  scheduleId = ((await (await created).json()) as { data: { id: number } }).data.id;
  expect(await published).toBe(true);

  // While the screens take the schedule up: sync play of unequal durations is refused.
  await refuseUnequalSync(page, request);

  // The four pages play it in lock-step: at each frame the first presented in the last second, the
  // four media times agree within a frame (the median: a busy machine stalls a page now and then).
  for (const screen of screens) await rendered(screen, 1);
  let apart: number[] = [];
  await expect
    .poll(
      async () => {
        apart = spreads(await Promise.all(screens.map(framesOf)));
        return apart.length >= 10 ? median(apart) : Number.POSITIVE_INFINITY;
      },
      { timeout: 30_000 },
    )
    .toBeLessThanOrEqual(FRAME_MS);
  console.log(
    `video wall: the four screens' media times apart by ${median(apart).toFixed(1)} ms (median of ${apart.length} frames), at most ${Math.max(...apart).toFixed(1)} ms`,
  );

  // Each shows its own crop of that frame: along every seam, the pixels the wall puts in front of it.
  const reference = await greyOf(path.join(dir, 'decoded.png'));
  const pictures = await Promise.all(screens.map((screen) => screen.screenshot()));
  for (const [index, picture] of pictures.entries()) {
    const shown = await greyOf(picture);
    expect([shown.width, shown.height]).toEqual([PLAYER_PX.width, PLAYER_PX.height]);
    const [row, column] = [Math.floor(index / 2), index % 2];
    const error = seamError(shown, reference, row, column, BEZEL_MM);
    // The same screen against the crop of a wall without bezels: what the check tells apart.
    const unbezelled = seamError(shown, reference, row, column, 0);
    console.log(
      `video wall: ${SCREENS[index]} off its crop by ${error.toFixed(1)} grey levels along its seams (${unbezelled.toFixed(1)} off the crop without bezels)`,
    );
    expect(error, SCREENS[index]).toBeLessThanOrEqual(SEAM_TOLERANCE);
    expect(unbezelled, SCREENS[index]).toBeGreaterThan(2 * SEAM_TOLERANCE);
  }
  await wallPicture(pictures, '10-playing');
  await Promise.all(screens.splice(0).map((screen) => screen.context().close()));
});

test('the wall pages read in Arabic and fit a phone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await logIn(page, owner);
  await page.goto(`/device/video-wall/${wallId}?language=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(text('ar', 'video-wall:grid.sideList')).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('img', { name: text('ar', 'video-wall:preview.label', { rows: 2, columns: 2 }) }),
  ).toBeVisible();
  await shot(page, 'video-wall', '5-editor-arabic');
  await page.goto('/content/videowall-list?language=ar');
  await expect(page.getByRole('row').filter({ hasText: 'Welcome across' })).toBeVisible();
  await shot(page, 'video-wall', '6-content-arabic');
  await page.goto(`/schedule/videowall/${scheduleId}?language=ar`);
  await expect(page.getByRole('heading', { name: WALL_SCHEDULE, level: 4 })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(text('ar', 'schedule-editor:wall.screens_few', { count: 4, wall: WALL })),
  ).toBeVisible();
  await shot(page, 'video-wall', '12-schedule-arabic');

  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await phone.goto(`/device/video-wall/${wallId}`);
  // A fresh browser loads the console's code first.
  await expect(phone.getByTestId('wall-cell-1,1')).toContainText(SCREENS[3], { timeout: 30_000 });
  await fitsThePhone(phone);
  await shot(phone, 'video-wall', '7-editor-phone');
  await phone.goto('/device/video-wall-list');
  await expect(phone.getByRole('row').filter({ hasText: WALL })).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'video-wall', '8-list-phone');
  await phone.goto(`/schedule/videowall/${scheduleId}`);
  await expect(phone.getByText(`Plays on the 4 screens of the wall ${WALL}`)).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'video-wall', '13-schedule-phone');
  // The wizard's refusal, in Arabic on the phone.
  await phone.goto('/schedule/add?language=ar');
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await unequalSync(phone, 'ar');
  await fitsThePhone(phone);
  await shot(phone, 'video-wall', '14-sync-unequal-phone-arabic');
  await phone.context().close();
});
