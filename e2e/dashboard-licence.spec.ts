import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, test } from './support';
import {
  addScreen,
  createCustomer,
  createOwner,
  fitsThePhone,
  logIn,
  PASSWORD,
  PHONE,
  shot,
  text,
} from './support/journey';

// The dashboard's Licenses card for each holder: the platform (issued, available, with customers,
// on screens, by type), a customer (its pool), an owner (its screens by licence state). Each in
// English, Arabic and at phone width, linking to the holder's licence page.
test.setTimeout(120_000);
test.use({ reducedMotion: 'reduce' });

const card = (page: Page, lang: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.getByText(text(lang, 'home:licenses.title'), { exact: true }) });

/** The card in English with its link, then in Arabic, then on a phone; the language put back. */
async function threeWays(
  browser: Browser,
  page: Page,
  account: { email: string; password: string },
  role: string,
  figure: string,
  link: string,
  // A customer's home on a phone is its own page (/setting/home's figures).
  phoneFigure?: string,
) {
  await expect(card(page, 'en').getByText(text('en', figure), { exact: false }).first()).toBeVisible();
  await expect(
    card(page, 'en').getByRole('link', { name: text('en', 'home:licenses.open') }),
  ).toHaveAttribute('href', link);
  await shot(page, 'dashboard-licence', `${role}-en`);

  await page.goto('/home?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(card(page, 'ar').getByText(text('ar', figure), { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'dashboard-licence', `${role}-ar`);
  await page.goto('/home?language=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  const phone = await (await browser.newContext({ ...PHONE, reducedMotion: 'reduce' })).newPage();
  await logIn(phone, account);
  await expect(
    phoneFigure
      ? phone.getByText(text('en', phoneFigure), { exact: true })
      : card(phone, 'en').getByText(text('en', figure), { exact: false }).first(),
  ).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'dashboard-licence', `${role}-phone`);
  await phone.context().close();
}

test('each holder sees its licences on the dashboard', async ({ page, browser, request }) => {
  // The platform issues 5 licences of a new batch to a customer.
  const customer = await createCustomer(request, 'dash-si');
  const login = await request.post('/backend/account/login', {
    data: { email: ADMIN.email, password: ADMIN.password, accept_terms: true },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const batch = await request.post('/backend/manager/license/batch', {
    headers,
    data: {
      type: 'commercial',
      batch_no: `DASH-${Date.now().toString(36)}`,
      validity_type: 'permanent',
      quantity: 8,
    },
  });
  const { data: created } = (await batch.json()) as { data: { batch_id: number } };
  const customers = await request.get(
    `/backend/manager/account/customer?keyword=${encodeURIComponent(customer.name)}`,
    { headers },
  );
  const [listed] = ((await customers.json()) as { data: { list: { customer_id: number }[] } }).data.list;
  const issued = await request.post(`/backend/manager/license/batch/${created.batch_id}/issue`, {
    headers,
    data: { customer_id: listed.customer_id, quantity: 5 },
  });
  expect(await issued.json()).toMatchObject({ code: 220000 });

  await logIn(page, ADMIN);
  await threeWays(browser, page, ADMIN, 'platform', 'home:licenses.customers', '/license/commercial-sy');

  const si = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  const siAccount = { email: customer.email, password: PASSWORD };
  await logIn(si, siAccount);
  await expect(card(si, 'en').getByText('5', { exact: true }).first()).toBeVisible();
  await threeWays(
    browser,
    si,
    siAccount,
    'customer',
    'home:licenses.companies',
    '/license/commercial-cus',
    'setting-mobile:home.licenses',
  );

  // An owner with one paired screen on its claim's trial.
  const owner = await createOwner(request, 'dash-owner');
  const ownerPage = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await logIn(ownerPage, owner);
  await addScreen(ownerPage, browser, 'Lobby');
  await ownerPage.goto('/home');
  await expect(card(ownerPage, 'en').getByText(text('en', 'home:licenses.licensedScreens'))).toBeVisible();
  await threeWays(
    browser,
    ownerPage,
    owner,
    'owner',
    'home:licenses.unlicensed',
    '/license/commercial-owner',
  );
});
