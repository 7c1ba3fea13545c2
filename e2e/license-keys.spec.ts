import { randomBytes } from 'node:crypto';
import { ADMIN, expect, test } from './support';
import { fitsThePhone, logIn, PHONE, shot, submit, text } from './support/journey';

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
