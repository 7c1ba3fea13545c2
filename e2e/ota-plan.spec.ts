import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  pickOption,
  sameUser,
  shot,
} from './support/journey';
import { modelWithPackage, playerToken, reportInstalled, uploadPackage } from './support/ota';

// OTA plans: the platform uploads a player build for a model; an owner pairs a screen launched
// as that model; the system role makes an instant mandatory plan for that screen from the New
// plan drawer and sees it waiting. The screen's state carries the offer, and its reports through
// the player API (downloading → installing → installed) finish the plan. A second plan is paused,
// resumed and cancelled from its row. Arabic and the phone show the list, the drawer and a plan.

const VERSION = '9.1.0';

test('the system role plans an upgrade for a screen and follows it to installed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { run, model, modelId, headers } = await modelWithPackage(request, 'OTA Plan', VERSION);

  // An owner pairs a screen launched as that model; its device token is the player's credential.
  const owner = await createOwner(request, 'ota-plan');
  const ownerPage = await person(browser);
  await logIn(ownerPage, owner);
  const device = `Lobby ${run}`;
  const screen = await addScreen(ownerPage, browser, device, `?model=${encodeURIComponent(model)}`);
  const token = await playerToken(screen);
  // The reports below stand in for the player; the page itself is closed so that only they speak.
  await screen.context().close();
  const player = { Authorization: `Bearer ${token}` };

  // /ota opens the plans.
  await logIn(page, ADMIN);
  await page.goto('/ota');
  await expect(page).toHaveURL(/\/ota\/plan$/);
  await expect(page.getByRole('heading', { name: 'Upgrade plans', level: 4 })).toBeVisible();

  // The New plan drawer: name, the uploaded package, the screen, mandatory, instant.
  const name = `Rollout ${run}`;
  await page.getByRole('button', { name: 'New plan' }).click();
  const drawer = page.getByRole('dialog', { name: 'New plan' });
  await drawer.locator('#name').fill(name);
  await drawer.locator('#package_id').click();
  await pickOption(page, new RegExp(model));
  await drawer.locator('#devices').fill(device);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: device });
  await option.click();
  await page.keyboard.press('Escape');
  await expect(drawer.locator('.ant-select-selection-item').filter({ hasText: device })).toBeVisible();
  await drawer.getByRole('switch').click();
  await expect(drawer.getByRole('radio', { name: 'Instant' })).toBeChecked();
  await shot(page, 'ota-plan', '1-create-drawer', { overlay: true });
  await page.locator('#otaPlanFormSubmit').click();
  await expect(drawer).toBeHidden();

  // In the list: one device, waiting, mandatory, running.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(VERSION);
  await expect(row).toContainText('Devices 1');
  await expect(row).toContainText('Mandatory');
  await expect(row).toContainText('Running');
  await expect(row.getByTestId('plan-counts')).toHaveText('Waiting 1');
  await expect(row).toContainText('0/1');
  await shot(page, 'ota-plan', '2-list');

  // The screen's state carries the offer: this plan, the package's version, mandatory.
  const polled = await (await request.get('/backend/player/poll', { headers: player })).json();
  expect(polled.data.state.upgrade).toMatchObject({ version: VERSION, mandatory: true });
  const planId: number = polled.data.state.upgrade.plan_id;

  // The player's reports: downloading, installing, installed with the package's version.
  await reportInstalled(request, token, planId, VERSION);
  // The list reads a running plan again every few seconds: installed, finished.
  await expect(row.getByTestId('plan-counts')).toHaveText('Installed 1', { timeout: 15_000 });
  await expect(row).toContainText('1/1');
  await expect(row).toContainText('Finished');

  // Its details: the screen, its company and time zone, installed; filtered by state.
  await row.getByRole('button', { name: `Details of ${name}` }).click();
  const detail = page.getByRole('dialog', { name: `Plan ${name}` });
  const deviceRow = detail.getByRole('row').filter({ hasText: device });
  await expect(deviceRow).toContainText('Installed');
  await expect(page).toHaveURL(new RegExp(`plan=${planId}`));
  await detail.getByRole('combobox', { name: 'State' }).click();
  await pickOption(page, 'Waiting 0');
  await expect(detail.getByText('No devices here')).toBeVisible();
  await detail.getByRole('combobox', { name: 'State' }).click();
  await pickOption(page, 'Installed 1');
  await expect(deviceRow).toBeVisible();
  await shot(page, 'ota-plan', '3-detail', { overlay: true });
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // A second plan of a newer build, due in 2099 (so it waits), paused, resumed and cancelled from its row.
  const newer = await uploadPackage(request, headers, {
    version: '9.2.0',
    build: Buffer.from(`vitrine player 9.2.0 ${run}\n`.repeat(1000)),
    modelIds: [modelId],
  });
  const later = `Later ${run}`;
  const second = await (
    await request.post('/backend/manager/ota/plan', {
      headers,
      data: {
        name: later,
        package_id: newer,
        targets: { model_ids: [modelId] },
        timing: 'at',
        at: '2099-01-01T09:00',
      },
    })
  ).json();
  expect(second.code, JSON.stringify(second)).toBe(220000);
  await page.reload();
  const laterRow = page.getByRole('row').filter({ hasText: later });
  await expect(laterRow).toContainText('Running');
  await expect(laterRow).toContainText('Device models 1');
  await laterRow.getByRole('button', { name: `Pause ${later}` }).click();
  await expect(laterRow).toContainText('Paused');
  await laterRow.getByRole('button', { name: `Resume ${later}` }).click();
  await expect(laterRow).toContainText('Running');
  await laterRow.getByRole('button', { name: `Cancel ${later}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(laterRow).toContainText('Cancelled');
  await expect(laterRow.getByRole('button', { name: `Cancel ${later}` })).toHaveCount(0);

  // Arabic and the phone: the list, the drawer and a plan's details.
  const views: [Page, string][] = [
    [await sameUser(page), 'ar'],
    [await sameUser(page, PHONE), 'phone'],
  ];
  for (const [other, variant] of views) {
    await other.goto(`/ota/plan${variant === 'ar' ? '?language=ar' : ''}`);
    if (variant === 'ar') await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    else await fitsThePhone(other);
    await expect(other.getByRole('row').filter({ hasText: name })).toBeVisible();
    await shot(other, 'ota-plan', `4-list-${variant}`);
    await other.getByRole('button', { name: variant === 'ar' ? 'خطة جديدة' : 'New plan' }).click();
    await expect(other.locator('#otaPlanFormSubmit')).toBeVisible();
    await shot(other, 'ota-plan', `5-create-${variant}`, { overlay: true });
    await other.goto(`/ota/plan?plan=${planId}`);
    await expect(other.getByRole('dialog').getByRole('row').filter({ hasText: device })).toBeVisible();
    await shot(other, 'ota-plan', `6-detail-${variant}`, { overlay: true });
  }
  for (const other of [ownerPage, ...views.map(([view]) => view)]) await other.context().close();
});
