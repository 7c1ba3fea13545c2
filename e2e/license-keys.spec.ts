import { randomBytes } from 'node:crypto';
import { ADMIN, expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  pickOption,
  shot,
  submit,
  text,
} from './support/journey';

// The MAC whitelist: the platform adds addresses on /license/whitelist (a duplicate is named in
// the error) and finds them by search. In English, Arabic and at phone width.
const mac = () => [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

test('the platform whitelists MAC addresses, and a duplicate is named', async ({ page, browser }) => {
  const [first, second] = [mac(), mac()];
  await logIn(page, ADMIN);
  await page.goto('/license/whitelist');
  await page.getByRole('button', { name: 'Add MAC addresses' }).click();
  await page.locator('#whitelistForm_macs').fill(`${first}\n${second.toUpperCase()}`);
  await page.locator('#whitelistForm_note').fill('Lobby kiosks');
  expect(await submit(page, page.locator('#whitelistFormSubmit'), '/manager/license/whitelist')).toBe(220000);
  await page.locator('#whitelist-search').fill(second);
  await page.locator('#whitelist-search').press('Enter');
  // The address is isolated left-to-right in the cell (bidi marks around it).
  await expect(page.getByRole('cell').filter({ hasText: second })).toBeVisible();
  await shot(page, 'license-keys', 'whitelist');

  await page.getByRole('button', { name: 'Add MAC addresses' }).click();
  await page.locator('#whitelistForm_macs').fill(first);
  await page.locator('#whitelistFormSubmit').click();
  await expect(
    page.getByText(`These MAC addresses are entered twice or already listed: ${first}`),
  ).toBeVisible();
  await shot(page, 'license-keys', 'whitelist-duplicate', { overlay: true });

  await page.goto(`/license/whitelist?language=ar&keyword=${first}`);
  await expect(page.getByText(text('ar', 'license:whitelist.add'), { exact: true })).toBeVisible();
  await shot(page, 'license-keys', 'whitelist-ar');

  const phone = await (await browser.newContext({ ...PHONE })).newPage();
  await logIn(phone, ADMIN);
  await phone.goto('/license/whitelist');
  await expect(phone.getByText('Add MAC addresses', { exact: true })).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'license-keys', 'whitelist-phone');
});

// Licence keys: the platform makes a key of a batch on /license/commercial-sy (shown once); an
// owner refused a wrong key binds the right one on /license/license-detail to a paired screen, whose
// trial it replaces after a warning. In English, Arabic and at phone width.
test('the platform makes a licence key, and an owner binds it to a screen', async ({
  page,
  browser,
  request,
}) => {
  const batchNo = `K-${Date.now().toString(36).toUpperCase()}`;
  await logIn(page, ADMIN);
  await page.goto('/license/commercial-sy');
  await page.getByRole('button', { name: 'New batch' }).click();
  await page.locator('#batchForm_batch_no').fill(batchNo);
  await page.locator('#batchForm_quantity').fill('3');
  expect(await submit(page, page.locator('#batchFormSubmit'), '/manager/license/batch')).toBe(220000);
  const keysOf = () =>
    page
      .getByRole('row')
      .filter({ hasText: batchNo })
      .getByRole('button', { name: new RegExp(batchNo) })
      .last();
  await keysOf().click();
  await page.locator('#keyForm_max_use_times').fill('2');
  await page.locator('#keyFormSubmit').click();
  const shown = page.getByTestId('license-key');
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())?.trim() ?? '';
  expect(key).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
  await expect(page.getByRole('cell').filter({ hasText: key.slice(-4) })).toBeVisible();
  await shot(page, 'license-keys', 'key-made', { overlay: true });

  await page.goto('/license/commercial-sy?language=ar');
  await keysOf().click();
  await page.locator('#keyFormSubmit').click();
  await expect(page.getByText(text('ar', 'license:key.storeNow'))).toBeVisible();
  await shot(page, 'license-keys', 'key-made-ar', { overlay: true });

  // The owner's screen is paired (and holds the trial a claim brings).
  const owner = await createOwner(request, 'license-key');
  const ownerPage = await (await browser.newContext()).newPage();
  await logIn(ownerPage, owner);
  await addScreen(ownerPage, browser, 'Key lobby');
  await ownerPage.goto('/license/license-detail');
  await expect(ownerPage.getByRole('heading', { name: 'Bind license', level: 4 })).toBeVisible();
  await ownerPage.locator('#licenseKeyForm_key').fill('ZZZZ-ZZZZ-ZZZZ');
  await ownerPage.locator('#licenseKeyForm').getByRole('button').click();
  await expect(ownerPage.getByText('This license key is not valid')).toBeVisible();

  await ownerPage.locator('#licenseKeyForm_key').fill(key.toLowerCase());
  await ownerPage.locator('#licenseKeyForm').getByRole('button').click();
  await expect(ownerPage.getByText('Key details')).toBeVisible();
  await ownerPage.locator('#keyBindForm_device_id').click();
  await pickOption(ownerPage, 'Key lobby');
  await expect(
    ownerPage.getByText('This device holds a Trial license: binding a Commercial one replaces it.'),
  ).toBeVisible();
  expect(
    await submit(
      ownerPage,
      ownerPage.getByRole('button', { name: 'Bind', exact: true }),
      '/manager/license/key/bind',
    ),
  ).toBe(220000);
  await expect(ownerPage.getByText('License bound to Key lobby').first()).toBeVisible();
  // The key's detail now lists the screen it bound, and the device list shows its new licence.
  await expect(ownerPage.getByRole('cell', { name: 'Key lobby' })).toBeVisible();
  await shot(ownerPage, 'license-keys', 'detail-bound');
  await ownerPage.goto('/device/list');
  // Licensed without an expiry: the permanent licence replaced the trial's end date.
  const lobby = ownerPage.getByRole('row').filter({ hasText: 'Key lobby' });
  await expect(lobby.getByText('Valid', { exact: true })).toBeVisible();

  await ownerPage.goto('/license/license-detail?language=ar');
  await ownerPage.locator('#licenseKeyForm_key').fill(key);
  await ownerPage.locator('#licenseKeyForm').getByRole('button').click();
  await expect(ownerPage.getByText(text('ar', 'license:detail.title'))).toBeVisible();
  await shot(ownerPage, 'license-keys', 'detail-ar');

  const phone = await (await browser.newContext({ ...PHONE })).newPage();
  await logIn(phone, owner);
  await phone.goto('/license/license-detail');
  await phone.locator('#licenseKeyForm_key').fill(key);
  await phone.locator('#licenseKeyForm').getByRole('button').click();
  await expect(phone.getByText('Bind a license of this key')).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'license-keys', 'detail-phone');
});
