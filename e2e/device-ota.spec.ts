import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, shot } from './support/journey';

// Versions and the upgrade list: the platform uploads a player build for the model a kiosk
// launch names; the owner whose paired screen runs that model sees the OTA dot, the upgrade-tips
// panel on the device list, and /device/ota offering the newer version. Arabic and the phone too.

const VERSION = '9.0.0';

async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

test('an owner sees which screens can take a newer player', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const model = `OTA Browser ${run}`;

  // The platform: a model and a package of it, through the package API.
  const login = await (
    await request.post('/backend/account/login', { data: { ...ADMIN, accept_terms: true } })
  ).json();
  const headers = { Authorization: `Bearer ${login.data.token}` };
  const created = await (
    await request.post('/backend/manager/device-model', {
      headers,
      data: { name: model, width: 1920, height: 1080, orientation: 0, media_types: [2], features: [] },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(220000);
  const build = Buffer.from(`vitrine player ${VERSION} ${run}\n`.repeat(1000));
  const started = await (
    await request.post('/backend/manager/ota/package/slice-upload-init', {
      headers,
      data: {
        hash: createHash('sha256').update(build).digest('hex'),
        size: build.length,
        name: 'player.zip',
      },
    })
  ).json();
  expect(started.code, JSON.stringify(started)).toBe(220000);
  const part = await request.post(
    `/backend/manager/ota/package/slice-upload?upload_id=${started.data.upload_id}&index=0`,
    { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: build },
  );
  expect((await part.json()).code).toBe(220000);
  const made = await (
    await request.post('/backend/manager/ota/package', {
      headers,
      data: {
        version: VERSION,
        md5: createHash('md5').update(build).digest('hex'),
        description: 'Journey build',
        model_ids: [created.data.id],
        upload_id: started.data.upload_id,
      },
    })
  ).json();
  expect(made.code, JSON.stringify(made)).toBe(220000);

  // The owner pairs a screen launched as that model.
  const owner = await createOwner(request, 'ota');
  const name = `Lobby ${run}`;
  await logIn(page, owner);
  const screen = await addScreen(page, browser, name, `?model=${encodeURIComponent(model)}`);

  // The device list: the panel, and the dots on the menu entry and the upgrade tab.
  await page.goto('/device/list');
  const tips = page.locator('.ota-upgrade-tips');
  await expect(tips).toContainText('1 screen can be upgraded to a newer player');
  await expect(page.locator('.shell-dot').first()).toBeVisible();
  await shot(page, 'device-ota', '1-list-tips');

  // The upgrade list, reached from the panel: the newer version for the screen.
  await tips.getByRole('link', { name: 'Open the upgrade list' }).click();
  await expect(page).toHaveURL(/\/device\/ota\?upgradable=1$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(VERSION);
  await expect(row).toContainText('1.21.13');
  await expect(row).toContainText(model);
  await shot(page, 'device-ota', '2-upgrade-list');

  // Closed, the panel stays closed for this user.
  await page.goto('/device/list');
  await tips.getByRole('button', { name: 'Close the upgrade tips' }).click();
  await expect(tips).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(tips).toHaveCount(0);

  // Arabic and the phone.
  const arabic = await person(browser);
  await logIn(arabic, owner);
  await arabic.goto('/device/ota?language=ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('row').filter({ hasText: name })).toContainText(VERSION);
  await shot(arabic, 'device-ota', '3-upgrade-list-ar');
  await arabic.goto('/device/list');
  await expect(arabic.locator('.ota-upgrade-tips')).toBeVisible();
  await shot(arabic, 'device-ota', '4-list-tips-ar');
  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await phone.goto('/device/ota');
  await expect(phone.getByText(name)).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'device-ota', '5-upgrade-list-phone');
  await phone.goto('/device/list');
  await expect(phone.locator('.ota-upgrade-tips')).toBeVisible();
  await shot(phone, 'device-ota', '6-list-tips-phone');
  for (const other of [arabic, phone, screen]) await other.context().close();
});
