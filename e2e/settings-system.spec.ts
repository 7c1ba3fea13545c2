import type { Browser, Page } from '@playwright/test';
import { APP_VERSION } from '../packages/contract/src/limits';
import { ADMIN, baseUrl, expect, test } from './support';
import { fitsThePhone, logIn, PHONE, shot, submit, text } from './support/journey';

// The servers page: the system role sees the running process, closes registration (a visitor's
// /register then says so and the login page offers no link), and opens it again.

async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

const registration = (page: Page) =>
  page.getByRole('switch', { name: text('en', 'system:settings.registrationOpen') });

async function setRegistration(page: Page, open: boolean) {
  const toggle = registration(page);
  if ((await toggle.getAttribute('aria-checked')) !== String(open)) await toggle.click();
  const save = page.getByRole('button', { name: text('en', 'system:settings.save') });
  expect(await submit(page, save, '/manager/sys/setting/system')).toBe(220000);
  await expect(page.getByText(text('en', 'system:settings.saved'))).toBeVisible();
}

test('the system role sees its server and closes and reopens registration', async ({ page, browser }) => {
  await logIn(page, ADMIN);
  await page.goto('/setting/server');
  const current = page.getByRole('row').filter({ hasText: text('en', 'system:server.current') });
  await expect(current).toContainText(text('en', 'system:status.running'));
  await expect(current).toContainText(APP_VERSION);
  await expect(current).toContainText(text('en', 'system:database.pglite'));
  await shot(page, 'settings-system', '01-servers');

  try {
    await setRegistration(page, false);
    const visitor = await person(browser);
    await visitor.goto('/register');
    await expect(visitor.getByText(text('en', 'account:register.closed.title'))).toBeVisible();
    await expect(visitor.locator('#register')).toHaveCount(0);
    await shot(visitor, 'settings-system', '02-register-closed');
    await visitor.goto('/login');
    await expect(visitor.locator('#login')).toBeVisible();
    await expect(visitor.getByRole('link', { name: text('en', 'account:login.register') })).toHaveCount(0);
    await visitor.context().close();
  } finally {
    await setRegistration(page, true);
  }
  const visitor = await person(browser);
  await visitor.goto('/login');
  await expect(visitor.getByRole('link', { name: text('en', 'account:login.register') })).toBeVisible();
  await visitor.context().close();

  // In Arabic (right to left), then back to English: the account is every journey's.
  await page.goto('/setting/server?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(text('ar', 'system:settings.title'))).toBeVisible();
  await expect(page.getByText(text('ar', 'system:status.running'))).toBeVisible();
  // The path stays left to right inside the Arabic sentence.
  await expect(page.getByText(/register/)).toContainText('\u2066/register\u2069');
  await shot(page, 'settings-system', '03-servers-arabic');
  await page.goto('/setting/server?language=en');
  await expect(page.getByText(text('en', 'system:settings.title'))).toBeVisible();

  const phone = await person(browser, PHONE);
  await logIn(phone, ADMIN);
  await phone.goto('/setting/server');
  await expect(phone.getByText(text('en', 'system:status.running'))).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'settings-system', '04-servers-phone');
  await phone.context().close();
});
