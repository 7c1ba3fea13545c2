import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, latestMail, setLicenceClock, test } from './support';
import {
  addScreen,
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
  uploadContent,
} from './support/journey';
import { rendered } from './support/screens';

// Commercial licences down the tenancy: the platform issues 3 to a customer, the customer assigns
// 2 to its company and is refused 2 more (the spec's message), the company's owner finds 2 in its
// pool. Then a bound licence's life: the owner binds one to a paired screen, which plays; the
// licence clock passes its expiry and the device shows expired, a schedule is refused, the screen
// tells the viewer, the renewal reminder arrives; a new licence brings it back. In English, Arabic
// and at phone width.
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

/** A call with a session token; answers the envelope's data after checking it succeeded. */
async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const answer = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await answer.json()) as { code: number; msg: string; data: unknown };
  expect(body, `${method} ${url}`).toMatchObject({ code: 220000 });
  // biome-ignore lint/suspicious/noExplicitAny: journey reads of the envelope's data
  return body.data as any;
}

const DAY_MS = 86_400_000;

test('a bound licence expires: the device shows it, schedules are refused, the screen says so, the reminder comes; a new licence brings it back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer(request, 'license-exp');
  const owner = await createCompany(request, customer.email);
  const stamp = Date.now().toString(36).toUpperCase();
  const batchNo = `TEN-${stamp}`;
  const name = `Entrance ${stamp}`;

  // Through the API (the pages are the first journey's): the platform issues two ten-day licences
  // to the customer, who assigns both to the company.
  const admin = await tokenOf(request, ADMIN.email, ADMIN.password);
  const batch = await api(request, admin, 'POST', `/backend${LICENSE}/batch`, {
    type: 'commercial',
    batch_no: batchNo,
    validity_type: 'days',
    effect_days: 10,
    quantity: 2,
  });
  const [si] = (
    await api(
      request,
      admin,
      'GET',
      `/backend/manager/account/customer?keyword=${encodeURIComponent(customer.name)}`,
    )
  ).list;
  await api(request, admin, 'POST', `/backend${LICENSE}/batch/${batch.batch_id}/issue`, {
    customer_id: si.customer_id,
    quantity: 2,
  });
  const [company] = (
    await api(request, admin, 'GET', `/backend/manager/account/customer/${si.customer_id}/company-list`)
  ).list;
  const siToken = await tokenOf(request, customer.email, PASSWORD);
  await api(request, siToken, 'POST', `/backend${LICENSE}/assign`, {
    batch_id: batch.batch_id,
    company_id: company.company_id,
    quantity: 2,
  });

  // The owner pairs a screen (a trial licence comes with it) and binds a ten-day licence from the
  // device's page: the dialog warns that it replaces the trial.
  await logIn(page, { email: owner.email, password: PASSWORD });
  const screen = await addScreen(page, browser, name);
  await page.goto('/device/list');
  await page.getByRole('link', { name }).click();
  const card = page.locator('.ant-card').filter({ hasText: 'Bind a license' });
  await expect(card).toContainText('Valid');
  await expect(card).toContainText('Trial');
  const dialog = page.getByRole('dialog');
  // The batch's option reads "number · type · validity · left".
  const chooseBatch = async () => {
    await dialog.locator('#bindForm_batch_id').click();
    await pickOption(page, new RegExp(`^${batchNo} · `));
  };

  await card.getByRole('button', { name: 'Bind a license' }).click();
  await chooseBatch();
  await expect(dialog).toContainText(
    text('en', 'license:bind.replacesOther', { held: 'Trial', chosen: 'Commercial' }),
  );
  expect(await submit(page, dialog.getByRole('button', { name: 'Bind' }), `${LICENSE}/bind`)).toBe(220000);
  await expect(card).toContainText(batchNo);
  await expect(card).toContainText('Commercial');

  // It plays: a picture, scheduled all day and approved by the owner.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-license-'));
  const picture = path.join(dir, `entrance-${stamp}.png`);
  execFileSync('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360',
    '-frames:v',
    '1',
    picture,
  ]);
  await uploadContent(page, 'image', [picture]);
  fs.rmSync(dir, { recursive: true, force: true });
  const ownerToken = await tokenOf(request, owner.email, PASSWORD);
  const [image] = (
    await api(request, ownerToken, 'GET', `/backend/manager/resource?type=1&keyword=entrance-${stamp}`)
  ).list;
  const devices = await api(
    request,
    ownerToken,
    'GET',
    `/backend/manager/device?keyword=${encodeURIComponent(name)}`,
  );
  const deviceId = devices.list[0].device_id as number;
  const schedule = (submitIt: boolean) =>
    request.post('/backend/manager/schedule', {
      headers: { Authorization: `Bearer ${ownerToken}` },
      data: {
        name: `All day ${stamp}`,
        type: 'standard',
        device_ids: [deviceId],
        items: [{ content_id: image.id, duration: 10 }],
        start_date: new Date(Date.now() - DAY_MS).toISOString().slice(0, 10),
        end_date: '2099-12-31',
        frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
        submit: submitIt,
      },
    });
  const made = (await (await schedule(true)).json()) as { code: number; data: { id: number } };
  expect(made.code).toBe(220000);
  await api(request, ownerToken, 'POST', `/backend/manager/schedule/${made.data.id}/approve`, {});
  await rendered(screen, 1);

  try {
    // Eleven days on by the licence clock, the ten-day licence has expired.
    await setLicenceClock(11 * DAY_MS);
    await expect(screen.locator('.unlicensed .title')).toHaveText("This screen's licence has expired");
    await expect(screen.locator('.unlicensed .signage-line bdi')).toHaveText(/^[A-Z2-9]{6}$/);
    await shot(screen, 'license', 'screen-expired');
    await page.goto('/device/list');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Expired');
    await shot(page, 'license', 'device-list-expired');
    const refused = (await (await schedule(false)).json()) as { code: number; msg: string };
    expect(refused.msg).toBe(`${name}: The device license has expired.`);

    // The owner asks for renewal reminders to its own address; the daily mail lists the licence.
    await page.goto('/setting/license-remind');
    await page.getByLabel('Send renewal reminders').check();
    const emails = page.getByLabel('Other email addresses');
    await emails.fill(owner.email);
    await emails.press('Enter');
    await page.getByLabel('Daily send time (UTC)').fill('00:00');
    const sent = Date.now();
    expect(await submit(page, page.getByRole('button', { name: 'Save' }), '/manager/license/remind')).toBe(
      220000,
    );
    const mail = await latestMail(owner.email, { after: sent, timeoutMs: 30_000 });
    expect(mail.subject).toContain(`The Vitrine licences of ${owner.company} expire on`);

    // The device's page says so and prompts a new licence; binding it brings the program back.
    await page.goto(`/device/${deviceId}`);
    await expect(card).toContainText(text('en', 'license:device.expiredPrompt'));
    await shot(page, 'license', 'device-expired');
    await page.goto(`/device/${deviceId}?language=ar`);
    await expect(
      page.locator('.ant-card').filter({ hasText: text('ar', 'license:device.bindAction') }),
    ).toContainText(text('ar', 'license:device.states.expired'));
    await shot(page, 'license', 'device-expired-ar');
    await page.goto(`/device/${deviceId}?language=en`);
    await card.getByRole('button', { name: 'Bind a license' }).click();
    await chooseBatch();
    expect(await submit(page, dialog.getByRole('button', { name: 'Bind' }), `${LICENSE}/bind`)).toBe(220000);
    await rendered(screen, 1);
    await expect(card).toContainText('Valid');

    const phone = await (await browser.newContext({ ...PHONE })).newPage();
    await logIn(phone, { email: owner.email, password: PASSWORD });
    await phone.goto(`/device/${deviceId}`);
    await expect(phone.locator('.ant-card').filter({ hasText: 'Bind a license' })).toContainText(batchNo);
    await fitsThePhone(phone);
    await shot(phone, 'license', 'device-licence-phone');
  } finally {
    await setLicenceClock(0);
  }
});
