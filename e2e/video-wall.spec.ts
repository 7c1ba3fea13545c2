import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support';
import {
  type Account,
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  pickOption,
  shot,
  submit,
  text,
  uploadContent,
  watchNotice,
} from './support/journey';

// Video walls (issue 24): an owner pairs four player pages, builds a 2 × 2 wall of them in the
// editor (one screen dragged with the mouse, the others chosen in their place's list, as from the
// keyboard), sees the preview lay a picture across the bezels, finds a screen of the wall cannot be
// deleted (spec 001 §4's words), and makes wall content of an uploaded picture. The list, the editor
// and the wall content are captured in English, in Arabic and on a phone.

test.describe.configure({ mode: 'serial' });

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const PICTURE = 'wall-picture.png';
const WALL = 'Lobby wall';
const SCREENS = ['Wall top left', 'Wall top right', 'Wall bottom left', 'Wall bottom right'] as const;

let dir: string;
let owner: Account;
let wallId = 0;

test.beforeAll(async ({ request }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-wall-'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=1600x900', '-frames:v', '1', path.join(dir, PICTURE));
  owner = await createOwner(request, 'video-wall');
});

test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

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
  for (const name of SCREENS) await addScreen(page, browser, name);

  await page.goto('/device/video-wall-list');
  await expect(page.getByRole('heading', { name: 'Video walls', level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'New wall' }).click();
  await expect(page).toHaveURL(/\/device\/video-wall\/0$/);
  await expect(page.getByRole('heading', { name: 'New video wall', level: 4 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(WALL);
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
  await phone.context().close();
});
