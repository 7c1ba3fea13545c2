import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  sameUser,
  shot,
  text,
  uploadContent,
} from './support/journey';

// Device storage (spec 001 §8, docs/device-storage.md): two screens are paired, one whose browser
// gives the player only 3 MB (Chromium's storage quota for its origin, as a small screen has); its
// page shows what it reported, used of quota with a gauge. A picture larger than that is scheduled
// on both: on approval the small screen's push fails with "The device has insufficient storage"
// while the other is pushed. English, Arabic and a phone.

const MB = 1024 * 1024;
const QUOTA = 3 * MB;
const SMALL = 'Small kiosk';
const LARGE = 'Large wall';
const PICTURE = 'storage-noise.png';
const INSUFFICIENT = text('en', 'contract:device.storageInsufficient');

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const tokens = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** A call of the console's API as the signed-in user; answers its data. */
async function api<T>(
  page: Page,
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${await tokens(page)}` },
    ...(data ? { data } : {}),
  });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, JSON.stringify(body)).toBe(220000);
  return body.data;
}

test('a screen tells its storage; a schedule too large for it is refused for that screen only', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // Noise does not compress: a 1800 × 1200 picture of it is a file of about 6 MB.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-storage-'));
  const picture = path.join(dir, PICTURE);
  await sharp({
    create: {
      width: 1800,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toFile(picture);
  const pictureSize = fs.statSync(picture).size;
  expect(pictureSize).toBeGreaterThan(QUOTA);

  const owner = await createOwner(request, 'storage');
  await logIn(page, owner);
  await addScreen(page, browser, SMALL, '', undefined, { quota: QUOTA });
  await addScreen(page, browser, LARGE);

  // The small screen's page: what it reported, used of its 3 MB with a gauge.
  await page.goto('/device/list');
  await row(page, SMALL).getByRole('link', { name: SMALL }).click();
  await expect(page).toHaveURL(/\/device\/\d+$/);
  const smallId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('progressbar', { name: 'Storage' })).toBeVisible();
  await expect(page.getByText(/ of \u20663 MB\u2069 used · \u2066.+\u2069 free$/)).toBeVisible();
  await shot(page, 'device-storage', 'detail');

  // A picture larger than the small screen's room, scheduled on both screens.
  await uploadContent(page, 'image', [picture]);
  const contents = await api<{ list: { id: number; name: string }[] }>(
    page,
    request,
    'GET',
    '/backend/manager/resource?type=1&page_size=50',
  );
  const content = contents.list.find((item) => item.name === PICTURE);
  expect(content, 'the uploaded picture').toBeTruthy();
  const screens = await api<{ list: { device_id: number; device_name: string }[] }>(
    page,
    request,
    'GET',
    '/backend/manager/device?page_size=50',
  );
  const schedule = await api<{ id: number }>(page, request, 'POST', '/backend/manager/schedule', {
    name: 'Big noise',
    type: 'standard',
    device_ids: screens.list.map((screen) => screen.device_id),
    items: [{ content_id: content?.id, duration: 10 }],
    start_date: new Date().toISOString().slice(0, 10),
    end_date: '2099-12-31',
    frames: [{ start: '00:00', end: '23:59', rrule: 'FREQ=DAILY' }],
    submit: true,
  });

  // The owner approves it: the large screen is pushed, the small one refused with the spec's message.
  await page.goto(`/schedule/audits/${schedule.id}`);
  await page.getByRole('button', { name: /Approve/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Big noise' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  // The page asks again while a push is under way: the large screen shows "Pushed" once it has
  // fetched the schedule (some seconds on a busy machine).
  await expect(row(page, SMALL)).toContainText('Push failed', { timeout: 30_000 });
  await expect(row(page, SMALL)).toContainText(INSUFFICIENT);
  await expect(row(page, LARGE)).toContainText('Pushed', { timeout: 30_000 });
  await expect(row(page, LARGE)).not.toContainText(INSUFFICIENT);
  await shot(page, 'device-storage', 'refused');

  // Arabic: the gauge's sizes kept left to right, and the refusal in Arabic.
  await page.goto(`/device/${smallId}?language=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('progressbar', { name: text('ar', 'device:field.storage') })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText(/^المستخدَم \u2066.+\u2069 من \u2066.+\u2069 · المتاح \u2066.+\u2069$/),
  ).toBeVisible();
  await shot(page, 'device-storage', 'detail-ar');
  await page.goto(`/schedule/audits/${schedule.id}`);
  await expect(row(page, SMALL)).toContainText(text('ar', 'contract:device.storageInsufficient'));
  await shot(page, 'device-storage', 'refused-ar');
  await page.goto(`/device/${smallId}?language=en`);
  // English shown, so stored too: the page's first HTML is already ltr before the console starts.
  await expect(page.getByRole('progressbar', { name: 'Storage' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // A phone.
  const phone = await sameUser(page, PHONE);
  await phone.goto(`/device/${smallId}`);
  await expect(phone.getByRole('progressbar', { name: 'Storage' })).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'device-storage', 'detail-phone');
  await phone.goto(`/schedule/audits/${schedule.id}`);
  await expect(phone.getByText(INSUFFICIENT)).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'device-storage', 'refused-phone');
  fs.rmSync(dir, { recursive: true, force: true });
});
