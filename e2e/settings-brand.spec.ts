import { chromium } from '@playwright/test';
import { baseUrl, expect, test } from './support';
import { createCustomer, logIn, PASSWORD, PHONE, shot } from './support/journey';

// A customer brands its console: an icon uploaded on /setting/logo (kept as a stored object: a
// new one replaces and deletes the old), its theme, a custom domain and a site title; the login
// page asked at that host shows all of it before anyone logs in.

const HOST = `brand-${Date.now().toString(36)}.example.test`;
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// Another 1×1 PNG, orange.
const ORANGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4YsELAAL9ARoTlIxpAAAAAElFTkSuQmCC',
  'base64',
);

test('a customer sets its brand and custom domain; the login page at that host shows them', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'brand-si');
  await logIn(page, { email: customer.email, password: PASSWORD });

  await page.goto('/setting/logo');
  await expect(page.getByRole('heading', { name: 'Website configuration', level: 4 })).toBeVisible();
  const icon = page.getByRole('img', { name: 'Icon' });
  await page
    .getByTestId('icon-file')
    .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: ORANGE_PNG });
  await expect(icon).toHaveAttribute('src', /^\/backend\/media\/[0-9a-f]{64}$/);
  const replaced = (await icon.getAttribute('src')) as string;
  expect((await request.get(replaced)).status()).toBe(200);
  // A new icon replaces the old one, whose stored object and file are deleted.
  await page.getByTestId('icon-file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
  await expect(icon).not.toHaveAttribute('src', replaced);
  await expect(icon).toHaveAttribute('src', /^\/backend\/media\/[0-9a-f]{64}$/);
  expect((await request.get(replaced)).status()).toBe(404);
  const stored = (await icon.getAttribute('src')) as string;
  expect((await (await request.get(stored)).body()).equals(PNG)).toBe(true);
  await shot(page, 'settings-brand', 'logo');

  // Theme, domain and title through the calls the pages make, with the customer's own session.
  const token = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (/token/i.test(key)) return value.replace(/^"|"$/g, '');
    }
    return '';
  });
  const headers = { Authorization: `Bearer ${token}` };
  const calls = [
    [
      '/backend/manager/sys/setting/customer-theme',
      {
        id: 0,
        detail: {
          primary_color: '#d4380d',
          nav_nackground_color: '#fff7e6',
          main_background_color: '#fffbf0',
        },
      },
    ],
    ['/backend/manager/sys/custom-domain', { host: HOST }],
    ['/backend/manager/sys/system-property', { name: 'site_title', value: 'Acme Screens' }],
  ] as const;
  for (const [url, data] of calls) {
    expect(await (await request.post(url, { headers, data })).json()).toMatchObject({ code: 220000 });
  }

  await page.goto('/setting/custom-domain');
  await expect(page.getByText(HOST)).toBeVisible();
  await shot(page, 'settings-brand', 'domains');
  await page.goto('/setting/system-property');
  await expect(page.getByText('Acme Screens')).toBeVisible();
  await shot(page, 'settings-brand', 'properties');
  await page.goto('/setting/logo?language=ar');
  await expect(page.getByRole('heading', { name: 'إعدادات الموقع', level: 4 })).toBeVisible();
  await shot(page, 'settings-brand', 'logo-ar');
  await page.goto('/setting/custom-domain');
  await expect(page.getByText(HOST)).toBeVisible();
  await shot(page, 'settings-brand', 'domains-ar');

  // A browser that resolves the custom domain to this server: the real page, asked at that host.
  const port = new URL(baseUrl()).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      // A custom domain is served over HTTPS in production; here plain HTTP must count as secure too.
      `--unsafely-treat-insecure-origin-as-secure=http://${HOST}:${port}`,
    ],
  });
  try {
    for (const [name, options] of [
      ['login', {}],
      ['login-phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ ...options, locale: 'en-US' });
      const login = await context.newPage();
      await login.goto(`http://${HOST}:${port}/login?language=en`);
      await expect(login).toHaveTitle(/Acme Screens/);
      await expect(login.locator('.public-layout__brand')).toContainText('Acme Screens');
      expect(await login.locator('link[rel="icon"]').getAttribute('href')).toBe(stored);
      await shot(login, 'settings-brand', name);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
