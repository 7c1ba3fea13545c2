import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, latestMail, test } from './support';
import {
  createCustomer,
  fitsThePhone,
  logIn,
  mailedLink,
  PASSWORD,
  PHONE,
  pickOption,
  shot,
  submit,
  text,
  uniqueEmail,
} from './support/journey';

// Commercial licences down the tenancy: the platform issues 3 to a customer, the customer assigns
// 2 to its company and is refused 2 more (the spec's message), the company's owner finds 2 in its
// pool. In English, Arabic and at phone width.
const LICENSE = '/manager/license';

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/backend/account/login', {
    data: { email, password, accept_terms: true },
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The customer's company, its owner invited by mail and activated with PASSWORD. */
async function createCompany(request: APIRequestContext, customerEmail: string) {
  const token = await tokenOf(request, customerEmail, PASSWORD);
  const owner = { email: uniqueEmail('license-owner'), company: `Harbor ${Date.now().toString(36)}` };
  const sent = Date.now();
  const made = await request.post('/backend/manager/account/group', {
    headers: { Authorization: `Bearer ${token}` },
    data: { company_name: owner.company, owner_email: owner.email, owner_username: 'harbor owner' },
  });
  expect(await made.json()).toMatchObject({ code: 220000 });
  const link = mailedLink(await latestMail(owner.email, { after: sent }), '/user/active');
  const active = await request.post(`/backend/account/active/${link.searchParams.get('code')}`, {
    data: { password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(await active.json()).toMatchObject({ code: 220000 });
  return owner;
}

test('the platform issues 3 licences, the customer assigns 2 to its company, the owner holds them', async ({
  page,
  browser,
  request,
}) => {
  const customer = await createCustomer(request, 'license-si');
  const owner = await createCompany(request, customer.email);
  const batchNo = `B-${Date.now().toString(36).toUpperCase()}`;

  // The platform creates a batch of 3 and issues all of it to the customer.
  await logIn(page, ADMIN);
  await page.goto('/license');
  await expect(page).toHaveURL(/\/license\/commercial-sy$/);
  await page.getByRole('button', { name: 'New batch' }).click();
  await page.locator('#batchForm_batch_no').fill(batchNo);
  await page.locator('#batchForm_quantity').fill('3');
  expect(await submit(page, page.locator('#batchFormSubmit'), `${LICENSE}/batch`)).toBe(220000);
  const row = page.getByRole('row').filter({ hasText: batchNo });
  await row.getByRole('button', { name: `Issue licenses of batch ${batchNo} to a customer` }).click();
  await page.locator('#issueForm_customer_id').click();
  await pickOption(page, customer.name);
  await page.locator('#issueForm_quantity').fill('3');
  const issued = page.waitForResponse((answer) => /\/license\/batch\/\d+\/issue$/.test(answer.url()));
  await page.locator('#issueFormSubmit').click();
  expect(await (await issued).json()).toMatchObject({ code: 220000 });
  // Quantity 3, assigned 3, available 0; nothing left to issue.
  await expect(row.getByRole('cell')).toHaveText([
    batchNo,
    'Commercial',
    'Permanent',
    '3',
    '3',
    '0',
    /\d/,
    /Issue/,
  ]);
  await shot(page, 'license', 'platform-batches');

  // The customer assigns 2 of them to its company, then is refused 2 more.
  const si = await (await browser.newContext()).newPage();
  await logIn(si, { email: customer.email, password: PASSWORD });
  await si.goto('/license');
  await expect(si).toHaveURL(/\/license\/commercial-cus$/);
  const pool = si.getByRole('row').filter({ hasText: batchNo });
  const assignTwo = async () => {
    await pool.getByRole('button', { name: `Assign licenses of batch ${batchNo} to a company` }).click();
    await expect(si.getByText(text('en', 'license:assign.irreversible'))).toBeVisible();
    await si.locator('#assignForm_company_id').click();
    await pickOption(si, owner.company);
    await si.locator('#assignForm_quantity').fill('2');
    await si.locator('#assignFormSubmit').click();
    const dialog = si.locator('.ant-modal-confirm');
    await expect(dialog).toContainText('This cannot be undone.');
    return submit(si, dialog.getByRole('button', { name: 'Assign' }), `${LICENSE}/assign`);
  };
  expect(await assignTwo()).toBe(220000);
  await expect(si).toHaveURL(/\/license\/commercial-cus$/);
  await expect(pool.getByRole('cell')).toHaveText([
    batchNo,
    'Commercial',
    'Permanent',
    '3',
    '2',
    '1',
    '1',
    /Assign/,
  ]);
  await shot(si, 'license', 'customer-pool');
  expect(await assignTwo()).toBe(409007);
  await expect(si.getByText('Insufficient number of licenses.')).toBeVisible();
  await shot(si, 'license', 'customer-refused');
  await si.goto('/license/commercial-cus?language=ar');
  await expect(
    si.getByRole('heading', { name: text('ar', 'common:route.licenseCommercial'), level: 4 }),
  ).toBeVisible();
  await expect(pool).toContainText(text('ar', 'license:type.commercial'));
  await shot(si, 'license', 'customer-pool-ar');

  // The owner, on a phone, finds the 2 in the company's pool.
  const phone = await (await browser.newContext({ ...PHONE })).newPage();
  await logIn(phone, { email: owner.email, password: PASSWORD });
  await phone.goto('/license');
  await expect(phone).toHaveURL(/\/license\/commercial-owner$/);
  await expect(phone.getByRole('row').filter({ hasText: batchNo }).getByRole('cell')).toHaveText([
    batchNo,
    'Commercial',
    'Permanent',
    '2',
    '0',
    '2',
    '2',
  ]);
  await fitsThePhone(phone);
  await shot(phone, 'license', 'owner-pool-phone');
});
