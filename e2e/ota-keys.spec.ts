import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  sameUser,
  shot,
} from './support/journey';

// OTA keys: an owner pairs a screen; the system role adds an app key (its secret shown once, and
// a hello of that application passes with it and not without), exempts the screen from the
// version check, and issues it a device key (shown once). Each list in English, Arabic and on
// the phone.

/** The secret the dialog shows once, after checking it is there with its copy button. */
async function shownSecret(page: Page) {
  const shown = page.getByTestId('shown-secret');
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('button', { name: /Copy/ })).toBeVisible();
  return ((await shown.locator('code').textContent()) ?? '').trim();
}

/** Chooses a device in the open drawer's device picker by searching its name. */
async function pickDevice(page: Page, name: string) {
  await page.locator('#devices').fill(name);
  await page.getByTitle(new RegExp(name)).click();
  await page.keyboard.press('Escape');
}

test('the system role adds an app key, exempts a screen and issues it a device key', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const screenName = `Keys screen ${run}`;
  const appPackage = `com.journey.k${run}`;

  const owner = await createOwner(request, 'ota-keys');
  await logIn(page, owner);
  const screen = await addScreen(page, browser, screenName);

  const admin = await person(browser);
  await logIn(admin, ADMIN);

  // An app key: the secret once, with a copy button; the application's hello needs it.
  await admin.goto('/ota/appkey');
  await expect(admin.getByRole('heading', { name: 'App keys', level: 4 })).toBeVisible();
  await admin.getByRole('button', { name: 'Add app key' }).click();
  await admin.locator('#name').fill('Journey kiosk app');
  await admin.locator('#package').fill(appPackage);
  await admin.locator('#otaAppKeyFormSubmit').click();
  const secret = await shownSecret(admin);
  expect(secret).toMatch(/^[\w-]{43}$/);
  await shot(admin, 'ota-keys', '1-app-key-secret', { overlay: true });
  await admin.getByRole('button', { name: 'I have copied it' }).click();
  await expect(admin.getByTestId('shown-secret')).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: appPackage })).toContainText('Never');
  const hello = (headers: Record<string, string>) =>
    request.post('/backend/player/hello', { data: { app_package: appPackage }, headers });
  expect((await (await hello({})).json()).code).toBe(403001);
  expect((await (await hello({ 'X-App-Key': secret })).json()).code).toBe(220000);
  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: appPackage })).not.toContainText('Never');
  await shot(admin, 'ota-keys', '2-app-keys');

  // A validation exemption for the paired screen.
  await admin.goto('/ota/validation-exemption');
  await admin.getByRole('button', { name: 'Add exemption' }).click();
  await admin.getByRole('radio', { name: /Version check/ }).check();
  await pickDevice(admin, screenName);
  await admin.locator('#description').fill('Journey: may reinstall the same build');
  await shot(admin, 'ota-keys', '3-exemption-drawer', { overlay: true });
  await admin.locator('#otaExemptionFormSubmit').click();
  const exemption = admin.getByRole('row').filter({ hasText: 'Journey: may reinstall the same build' });
  await expect(exemption).toContainText(screenName);
  await expect(exemption).toContainText('Version check');
  await shot(admin, 'ota-keys', '4-exemptions');

  // A device key for it: shown once, listed with its signage ID and company.
  await admin.goto('/ota/device-key');
  await admin.getByRole('button', { name: 'Issue device keys' }).click();
  await pickDevice(admin, screenName);
  await admin.locator('#otaDeviceKeyFormSubmit').click();
  expect(await shownSecret(admin)).toMatch(/^[\w-]{43}$/);
  await expect(admin.getByTestId('shown-secret')).toContainText(screenName);
  await shot(admin, 'ota-keys', '5-device-key-secret', { overlay: true });
  await admin.getByRole('button', { name: 'I have copied it' }).click();
  const keyed = admin.getByRole('row').filter({ hasText: screenName });
  await expect(keyed).toContainText(owner.company);
  await shot(admin, 'ota-keys', '6-device-keys');

  // Arabic and the phone.
  const arabic = await sameUser(admin);
  for (const [path, step] of [
    ['/ota/appkey', '7-app-keys-ar'],
    ['/ota/validation-exemption', '8-exemptions-ar'],
    ['/ota/device-key', '9-device-keys-ar'],
  ]) {
    await arabic.goto(`${path}?language=ar`);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByRole('row').nth(1)).toBeVisible();
    await shot(arabic, 'ota-keys', step);
  }
  const phone = await sameUser(admin, PHONE);
  for (const [path, step] of [
    ['/ota/appkey', '10-app-keys-phone'],
    ['/ota/validation-exemption', '11-exemptions-phone'],
    ['/ota/device-key', '12-device-keys-phone'],
  ]) {
    await phone.goto(path);
    await expect(phone.getByRole('row').nth(1)).toBeVisible();
    await fitsThePhone(phone);
    await shot(phone, 'ota-keys', step);
  }
  for (const other of [admin, arabic, phone, screen]) await other.context().close();
});
