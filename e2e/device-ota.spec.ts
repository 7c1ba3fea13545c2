import { expect, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, person, shot } from './support/journey';
import { adminHeaders, createModel, uploadPackage } from './support/ota';

// Versions and the upgrade list: the platform uploads a player build for the model a kiosk
// launch names; the owner whose paired screen runs that model sees the OTA dot, the upgrade-tips
// panel on the device list, and /device/ota offering the newer version. Arabic and the phone too.

const VERSION = '9.0.0';

test('an owner sees which screens can take a newer player', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const model = `OTA Browser ${run}`;

  // The platform: a model and a package of it, through the package API.
  const headers = await adminHeaders(request);
  const modelId = await createModel(request, headers, model);
  const build = Buffer.from(`vitrine player ${VERSION} ${run}\n`.repeat(1000));
  await uploadPackage(request, headers, { version: VERSION, build, modelIds: [modelId] });

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
  await expect(row).toContainText('1.21.14');
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
