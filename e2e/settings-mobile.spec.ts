import type { Page } from '@playwright/test';
import { expect, test } from './support';
import {
  createCustomer,
  fillLogin,
  fitsThePhone,
  nextAnswer,
  PASSWORD,
  PHONE,
  shot,
  submit,
  text,
} from './support/journey';

// A customer (system integrator) on a phone: lands on its own home, edits its profile, switches
// the console to Arabic and back, and changes its password, then logs in with the new one.
test.use(PHONE);

const NEW_PASSWORD = 'Phone-pass2!';

async function logInOnPhone(page: Page, email: string, password: string) {
  await page.goto('/login?language=en');
  await fillLogin(page, email, password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/setting\/home$/);
}

/** Opens one of the home page's rows and waits for its page. */
async function openRow(page: Page, name: string, url: RegExp) {
  await page.goto('/setting/home');
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(url);
}

test('a customer on a phone: home, profile, language, password', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await logInOnPhone(page, customer.email, PASSWORD);

  // Home: who is signed in, the figures, and large rows to every page.
  await expect(page.getByRole('heading', { name: 'phone si' })).toBeVisible();
  await expect(page.getByText(customer.name)).toBeVisible();
  await expect(page.getByText('Customer (SI)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your figures' })).toContainText('Companies');
  await expect(page.locator('.shell-tabs')).toHaveCount(0);
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'en-home');

  // Profile: a nickname, saved and shown.
  await openRow(page, 'My profile', /\/setting\/profile$/);
  await expect(page.getByText(customer.email)).toBeVisible();
  await page.locator('#nickname').fill('Phone Grace');
  const updated = nextAnswer(page, '/manager/account/user-center/update');
  await page.locator('#saveProfile').click();
  expect(await updated).toBe(220000);
  await expect(page.locator('.ant-notification-notice')).toContainText('Your changes have been saved.');
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'en-profile');
  await page.goto('/setting/home');
  await expect(page.getByRole('heading', { name: 'Phone Grace' })).toBeVisible();

  // Language: Arabic, saved on the server and right to left at once.
  await openRow(page, 'Language', /\/setting\/set-language$/);
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await shot(page, 'settings-mobile', 'en-language');
  const toArabic = nextAnswer(page, '/manager/sys/language');
  await page.getByRole('button', { name: 'العربية' }).click();
  expect(await toArabic).toBe(220000);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.ant-notification-notice')).toContainText(
    text('ar', 'setting-mobile:language.saved'),
  );
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'ar-language');

  await page.goto('/setting/home');
  await expect(page.getByRole('region', { name: text('ar', 'setting-mobile:home.figures') })).toBeVisible();
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'ar-home');
  await openRow(page, text('ar', 'common:route.mobileProfile'), /\/setting\/profile$/);
  await expect(page.locator('#nickname')).toHaveValue('Phone Grace');
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'ar-profile');
  await openRow(page, text('ar', 'common:route.mobileResetPwd'), /\/setting\/reset-pwd$/);
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'ar-password');

  // And back to English from the same list.
  await openRow(page, text('ar', 'common:route.mobileLanguage'), /\/setting\/set-language$/);
  const toEnglish = nextAnswer(page, '/manager/sys/language');
  await page.getByRole('button', { name: 'English' }).click();
  expect(await toEnglish).toBe(220000);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Password: the old one checked on leaving the field, then the new one; out to the login page.
  await openRow(page, 'Change Password', /\/setting\/reset-pwd$/);
  const checked = nextAnswer(page, '/manager/account/user-center/check-old-pwd');
  await page.locator('#oldPassword').fill(PASSWORD);
  await page.locator('#newPassword').click();
  expect(await checked).toBe(220000);
  await page.locator('#newPassword').fill(NEW_PASSWORD);
  await page.locator('#confirmPassword').fill(NEW_PASSWORD);
  await fitsThePhone(page);
  await shot(page, 'settings-mobile', 'en-password');
  const button = page.locator('#changePasswordSubmit');
  await expect(button).toBeEnabled();
  expect(await submit(page, button, '/manager/account/user-center/reset-pwd')).toBe(220000);
  await expect(page.locator('.ant-notification-notice')).toContainText('Password changed successfully');
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer opens the account; the new one does, back on the phone home.
  await fillLogin(page, customer.email, PASSWORD);
  expect(await submit(page, page.locator('#login'), '/account/login')).not.toBe(220000);
  await logInOnPhone(page, customer.email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Phone Grace' })).toBeVisible();
});
