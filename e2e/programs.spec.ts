import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, test } from './support';
import {
  type Account,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  pickOption,
  shot,
  uploadContent,
} from './support/journey';
import { litShare, rendered } from './support/screens';

// What a screen plays: an owner uploads two pictures and a short video and writes a
// scrolling text; builds a playlist from the multi-select picker, puts the video first by dragging
// it with the mouse, gives a picture its own duration, saves, finds the order kept and previews it
// with the player's own renderer. Then a two-zone composition on a 1280 × 720 canvas: the playlist
// above, dragged into its corner, the text scrolling below; saved and previewed at its real size.
// A player page pairs as a device, gets the composition as its default content, and shows both
// zones. The template pages, and both editors in Arabic and on a phone, are captured on the way.

test.describe.configure({ mode: 'serial' });

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const IMAGES = ['test-card.png', 'colour-bars.jpg'] as const;
const VIDEO = 'welcome.mp4';
const TEXT = { title: 'Opening offer', content: 'Two coffees for the price of one until noon' };
const PLAYLIST = 'Lobby loop';
const COMPOSITION = 'Lobby screen';
const CANVAS = { width: 1280, height: 720 };

let dir: string;
let owner: Account;
let playlistId = 0;
let compositionId = 0;

test.beforeAll(async ({ request }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-programs-'));
  const at = (name: string) => path.join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', at(IMAGES[0]));
  ffmpeg('-f', 'lavfi', '-i', 'smptehdbars=size=640x360', '-frames:v', '1', at(IMAGES[1]));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '2', '-c:v', 'libx264'],
    ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', at(VIDEO)],
  );
  owner = await createOwner(request, 'programs');
});

test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** A fresh browser of its own, at `options`' size. */
async function person(browser: Browser, options: Record<string, unknown>): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

/** Uploads files of `dir` from the library page of `type`. */
const upload = (page: Page, type: string, files: readonly string[]) =>
  uploadContent(
    page,
    type,
    files.map((name) => path.join(dir, name)),
  );

/** The names of the playlist editor's items, in playing order. */
const itemNames = (page: Page) =>
  page.getByTestId('playlist-item').locator('.playlist-item__title strong').allTextContents();

/** Drags `from` onto `to` with the mouse, in small steps (dnd-kit and react-rnd follow moves). */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  // dnd-kit measures the rows under the pointer once it is still.
  await page.mouse.move(to.x, to.y + 1, { steps: 2 });
  await page.mouse.up();
}

// ── The journey ─────────────────────────────────────────────────────────────────────────────

test('a playlist is built from the picker, reordered by dragging, saved and previewed', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, owner);
  await upload(page, 'image', IMAGES);
  await upload(page, 'video', [VIDEO]);

  await page.goto('/content/text');
  await page.getByRole('button', { name: 'Add text' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add text' });
  await drawer.getByLabel('Title').fill(TEXT.title);
  await drawer.getByLabel('Text', { exact: true }).fill(TEXT.content);
  await page.locator('#contentTextFormSubmit').click();
  await expect(drawer).toBeHidden();

  // The editor: a name, then the picker: two pictures from one tab, the video from another.
  await page.goto('/content/play-list/add');
  await page.getByLabel('Name').fill(PLAYLIST);
  await page.getByRole('button', { name: 'Add content' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Add content' });
  for (const name of IMAGES) await picker.getByRole('checkbox', { name: `Select ${name}` }).check();
  await picker.getByRole('tab', { name: 'Videos' }).click();
  await picker.getByRole('checkbox', { name: `Select ${VIDEO}` }).check();
  await expect(picker.getByText('3 selected')).toBeVisible();
  await shot(page, 'programs', '03-playlist-picker', { overlay: true });
  await picker.getByRole('button', { name: 'Add 3 items' }).click();
  await expect(picker).toBeHidden();
  expect(await itemNames(page)).toEqual([...IMAGES, VIDEO]);

  // The video goes first: its handle dragged above the first row with the mouse.
  const first = (await page.getByTestId('playlist-item').first().boundingBox())!;
  await drag(page, page.getByRole('button', { name: `Move ${VIDEO} (position 3)` }), {
    x: first.x + first.width / 2,
    y: first.y + 4,
  });
  await expect.poll(() => itemNames(page)).toEqual([VIDEO, ...IMAGES]);
  await page.getByLabel(`Duration · ${IMAGES[0]}`).fill('4');
  await expect(page.getByText(/3 items · 0:16 in total/)).toBeVisible();
  await shot(page, 'programs', '02-playlist-editor');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/content\/play-list$/);
  const row = page.getByText(PLAYLIST, { exact: true }).first();
  await expect(row).toBeVisible();
  await shot(page, 'programs', '01-playlist-list');

  // Reopened: the order and the duration were kept.
  await page
    .getByRole('button', { name: `Edit ${PLAYLIST}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/content\/play-list\/\d+$/);
  playlistId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect.poll(() => itemNames(page)).toEqual([VIDEO, ...IMAGES]);
  await expect(page.getByLabel(`Duration · ${IMAGES[0]}`)).toHaveValue('4');

  // The preview plays it with the player's renderer: a picture, not a black frame.
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: `Preview: ${PLAYLIST}` });
  const frame = dialog.getByTestId('program-preview');
  await rendered(page.frameLocator('[data-testid="program-preview"]'), 1);
  await expect.poll(() => litShare(frame), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await shot(page, 'programs', '04-playlist-preview', { overlay: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a two-zone composition: the playlist dragged into place, a marquee below; previewed at real size', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await logIn(page, owner);
  await page.goto('/content/composition-list');
  await page.locator('#composition-add').click();
  const create = page.getByRole('dialog', { name: 'New composition' });
  await create.locator('#create-resolution').click();
  await pickOption(page, '1280 × 720');
  await page.locator('#composition-create').click();
  const editor = page.getByRole('dialog', { name: /Composition editor/ });
  await expect(editor).toBeVisible();

  const field = (name: string) => editor.locator(`#${name}`);
  const setField = async (name: string, value: number) => {
    await field(name).fill(String(value));
    await field(name).press('Enter');
    await expect(field(name)).toHaveValue(String(value));
  };
  const addZone = async (kind: string) => {
    await editor.getByRole('button', { name: 'Add zone' }).click();
    await page.getByRole('menuitem', { name: kind }).click();
  };
  const chooseSource = async (name: string) => {
    await field('zone-source').click();
    await pickOption(page, name);
  };

  // The playlist's zone starts in the middle; dragged by the mouse up and left past the corner, the
  // canvas stops it at 0, 0.
  await addZone('Playlist');
  const zone = editor.getByTestId('zone-Playlist 1');
  await expect(zone).toBeVisible();
  await chooseSource(PLAYLIST);
  const canvas = (await editor.getByTestId('composition-canvas').boundingBox())!;
  const box = (await zone.boundingBox())!;
  await drag(page, zone, { x: canvas.x + box.width / 2 - 40, y: canvas.y + box.height / 2 - 40 });
  await expect(field('zone-x')).toHaveValue('0');
  await expect(field('zone-y')).toHaveValue('0');
  await setField('zone-width', 1280);
  await setField('zone-height', 600);

  await addZone('Scrolling text');
  await chooseSource(TEXT.title);
  await setField('zone-x', 0);
  await setField('zone-width', 1280);
  await setField('zone-height', 120);
  await setField('zone-y', 600);

  await editor.getByRole('tab', { name: 'Composition' }).click();
  await field('composition-name').fill(COMPOSITION);
  await page.locator('#composition-save').click();
  await expect(page.getByText('Composition saved')).toBeVisible();
  await expect(page).toHaveURL(/edit=\d+/);
  compositionId = Number(new URL(page.url()).searchParams.get('edit'));
  // The notice opens under the pointer (Save is top right), and a hovered notice stays open.
  await page.mouse.move(20, 400);
  await page.getByText('Composition saved').waitFor({ state: 'hidden' });
  await editor.getByTestId('zone-Playlist 1').click();
  await shot(page, 'programs', '05-composition-editor');

  // The preview at the canvas's own size: 1280 × 720 pixels of the player's renderer.
  await editor.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: `Preview: ${COMPOSITION}` });
  const frame = dialog.getByTestId('program-preview');
  const inner = page.frameLocator('[data-testid="program-preview"]');
  await rendered(inner, 2);
  // Measured once the dialog's opening zoom has settled (mid-way it is a few pixels smaller).
  const size = async () => {
    const box = (await frame.boundingBox())!;
    return { width: Math.round(box.width), height: Math.round(box.height) };
  };
  await expect.poll(size).toEqual(CANVAS);
  await expect(inner.locator('.render-marquee__track').first()).toContainText(TEXT.content);
  await expect.poll(() => litShare(frame), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await shot(page, 'programs', '06-composition-preview', { overlay: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a paired player shows the composition it is given, both zones', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `Lobby ${Date.now().toString(36)}`;
  const screen = await person(browser, { viewport: CANVAS });
  await screen.goto('/player/');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d{6}$/);

  await logIn(page, owner);
  await page.goto(`/device/list?act=add&signage_id=${signageId}`);
  await page.locator('#deviceName').fill(name);
  await page.locator('#deviceAuthentication').fill(pin);
  await page.locator('#addDeviceFormSubmit').click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();
  await expect(screen.getByText(name)).toBeVisible({ timeout: 15_000 });

  // Its default content, from the device's edit dialog.
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog').filter({ has: page.getByLabel('Default content') });
  await edit.getByLabel('Default content').click();
  await pickOption(page, COMPOSITION);
  await shot(page, 'programs', '07-device-default-content', { overlay: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // The screen fetches its manifest again and shows both zones, each with something on it.
  await rendered(screen, 2);
  const zones = screen.locator('.render-zone');
  for (const zone of await zones.all()) await expect(zone).toBeVisible();
  await expect(screen.locator('.render-marquee__track').first()).toContainText(TEXT.content);
  const top = screen.locator('.render-zone').filter({ hasNot: screen.locator('.render-marquee') });
  const bottom = screen.locator('.render-zone').filter({ has: screen.locator('.render-marquee') });
  await expect.poll(() => litShare(top), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await expect.poll(() => litShare(bottom), { timeout: 10_000 }).toBeGreaterThan(0.01);
  await shot(screen, 'programs', '08-player-composition');
  await screen.context().close();
});

test('the template pages, and both editors in Arabic and on a phone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await logIn(page, owner);
  await page.goto('/content/tmp');
  await expect(page.getByRole('heading', { name: 'Mobile templates', level: 4 })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'programs', '09-templates');

  await page.goto(`/content/play-list/${playlistId}?language=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('playlist-item')).toHaveCount(3);
  await shot(page, 'programs', '11-playlist-editor-arabic');
  await page.goto(`/content/composition-list?edit=${compositionId}&language=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.composition-zone')).toHaveCount(2);
  await shot(page, 'programs', '12-composition-editor-arabic');

  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await phone.goto(`/content/play-list/${playlistId}`);
  // A fresh browser loads the console's code first.
  await expect(phone.getByTestId('playlist-item')).toHaveCount(3, { timeout: 30_000 });
  await fitsThePhone(phone);
  await shot(phone, 'programs', '13-playlist-editor-phone');
  await phone.goto(`/content/composition-list?edit=${compositionId}`);
  await expect(phone.locator('.composition-zone')).toHaveCount(2);
  await fitsThePhone(phone);
  await shot(phone, 'programs', '14-composition-editor-phone');
  await phone.context().close();

  // The template types are the platform's: a system account edits them.
  const admin = await person(browser, {});
  await logIn(admin, ADMIN);
  await admin.goto('/setting/tmptype');
  await expect(admin.getByRole('table')).toBeVisible();
  await shot(admin, 'programs', '10-template-types');
  await admin.context().close();
});
