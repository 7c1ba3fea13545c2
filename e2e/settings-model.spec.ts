import type { Browser, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, test } from './support';
import { createOwner, logIn, PHONE, sameUser, shot } from './support/journey';

// Device models: the system role adds a model; a player whose kiosk launcher names a model the
// catalogue lacks pairs with a company, and its name shows under the unknown models; the system
// role opens "add as model" (prefilled with it) and instead assigns the model it added; the
// name leaves the unknown list, the model counts the device, and the owner sees it on the device.

async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

test('a player reports an unknown model, and the system role assigns it one', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const model = `Journey Wall ${run}`;
  const reported = `Kiosk KX-${run}`;

  // A screen launched with ?model=, paired by an owner of its own company through the API.
  const owner = await createOwner(request, 'models');
  const screen = await person(browser);
  await screen.goto(`/player/?model=${encodeURIComponent(reported)}`);
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  const login = await (
    await request.post('/backend/account/login', { data: { ...owner, accept_terms: true } })
  ).json();
  const headers = { Authorization: `Bearer ${login.data.token}` };
  const added = await (
    await request.post('/backend/manager/device', {
      headers,
      data: {
        signage_id: signageId,
        device_name: `Screen ${run}`,
        group_id: login.data.info.group_id,
        authentication: pin,
      },
    })
  ).json();
  expect(added.code, JSON.stringify(added)).toBe(220000);
  await screen.context().close();

  // The system role adds a model.
  await logIn(page, ADMIN);
  await page.goto('/setting/model');
  await expect(page.getByRole('heading', { name: 'Models', level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'Add model' }).click();
  await page.locator('#name').fill(model);
  await page.locator('#vendor').fill('Acme Displays');
  await page.locator('#width').fill('3840');
  await page.locator('#height').fill('2160');
  await page.locator('#features').click();
  await page.getByTitle('Screen capture').click();
  await page.getByTitle('Remote power on/off').click();
  await page.keyboard.press('Escape');
  await page.locator('#player_version').fill('1.21.13');
  await shot(page, 'settings-model', '1-add-drawer', { overlay: true });
  await page.locator('#deviceModelFormSubmit').click();
  await expect(page.getByText('Model saved')).toBeVisible();
  const modelRow = page.getByRole('row').filter({ hasText: model });
  await expect(modelRow).toContainText('3840 × 2160');

  // The reported name is unknown: one device.
  const unknown = page.locator('#unknownModels').getByRole('row').filter({ hasText: reported });
  await expect(unknown).toContainText('1');
  await shot(page, 'settings-model', '2-unknown-listed');

  // "Add as model" starts from the reported name …
  await unknown.getByRole('button', { name: 'Add as model' }).click();
  await expect(page.locator('#name')).toHaveValue(reported);
  await page.getByRole('button', { name: 'Cancel' }).click();
  // … but it is a model the catalogue has under another name: assign that one.
  await unknown.getByRole('button', { name: 'Assign a model' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Devices reporting this name: 1.' });
  await dialog.locator('#assignModelSelect').click();
  await page.getByTitle(model).click();
  await shot(page, 'settings-model', '3-assign', { overlay: true });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('The devices now have this model')).toBeVisible();
  await expect(unknown).toHaveCount(0);
  await expect(modelRow.getByRole('cell').nth(7)).toHaveText('1');

  // Arabic and the phone.
  const arabic = await sameUser(page);
  await arabic.goto('/setting/model?language=ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('row').filter({ hasText: model })).toBeVisible();
  await shot(arabic, 'settings-model', '4-list-ar');
  const phone = await sameUser(page, PHONE);
  await phone.goto('/setting/model');
  await expect(phone.getByText(model)).toBeVisible();
  await shot(phone, 'settings-model', '5-list-phone');

  // The owner sees the model on the device, beside the name it reports.
  const own = await person(browser);
  await logIn(own, owner);
  await own.goto(`/device/${added.data.device_id}`);
  await expect(own.getByText(model)).toBeVisible();
  await expect(own.getByText(reported)).toBeVisible();
  await shot(own, 'settings-model', '6-device-detail');

  for (const other of [arabic, phone, own]) await other.context().close();
});
