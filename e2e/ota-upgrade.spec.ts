import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  shot,
  watchNotice,
} from './support/journey';
import { adminHeaders, createModel, fillPackageUpload, type Headers, uploadPackage } from './support/ota';
import { BROKEN_VERSION, GOOD_VERSION, packageFile } from './support/player-packages';

// The browser player really upgrades (docs/ota.md "The browser player's upgrade"): the system role
// uploads a browser package of the player (built by global setup with the package script) at
// /ota/package for the model a paired screen is launched as, and plans it instantly and
// mandatorily. The screen downloads it, checks its MD5, tries it hidden, switches to
// /player/v/<version>/ and reports it installed with the new version, still showing its screen. A
// broken package (its page never comes up) is tried for 60 s, given up, and the plan shows the
// failure; the screen stays on the good version. The plan's details in English, Arabic and on the
// phone.

/** Makes an instant mandatory plan of this package for the model's screens; answers its id. */
async function planFor(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  packageId: number,
  modelId: number,
) {
  const made = await (
    await request.post('/backend/manager/ota/plan', {
      headers,
      data: {
        name,
        package_id: packageId,
        targets: { model_ids: [modelId] },
        timing: 'instant',
        mandatory: true,
      },
    })
  ).json();
  expect(made.code, JSON.stringify(made)).toBe(220000);
  return made.data.id as number;
}

/** The id of the package of this version for the model, as the package list has it. */
async function packageId(request: APIRequestContext, headers: Headers, model: string, version: string) {
  const answer = await (
    await request.get(`/backend/manager/ota/package?keyword=${encodeURIComponent(version)}&page_size=100`, {
      headers,
    })
  ).json();
  expect(answer.code, JSON.stringify(answer)).toBe(220000);
  const found = (answer.data.list as { id: number; version: string; models: { name: string }[] }[]).find(
    (item) => item.version === version && item.models.some((entry) => entry.name === model),
  );
  expect(found, `package ${version} for ${model}`).toBeTruthy();
  return found!.id;
}

/** The plan's one device as the server has it: state, reason and reported version. */
async function planDevice(request: APIRequestContext, headers: Headers, planId: number) {
  const answer = await (await request.get(`/backend/manager/ota/plan/${planId}/device`, { headers })).json();
  expect(answer.code, JSON.stringify(answer)).toBe(220000);
  const [device] = answer.data.list as {
    state: string;
    reason: string | null;
    system_version: string | null;
  }[];
  return device;
}

/** The paired screen, drawn and connected, named `name`. */
async function showsItsScreen(screen: Page, name: string) {
  await expect(screen.locator('.screen.paired .device-name')).toHaveText(name);
  await expect(screen.locator('.screen.paired .status-dot')).toHaveAttribute('data-status', 'connected');
}

test('a paired browser screen upgrades itself, and rolls a broken build back by itself', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const model = `OTA Upgrade ${run}`;
  const headers = await adminHeaders(request);
  const modelId = await createModel(request, headers, model);

  // An owner pairs a screen launched as that model: it runs the shipped build.
  const owner = await createOwner(request, 'ota-upgrade');
  const ownerPage = await person(browser);
  await logIn(ownerPage, owner);
  const name = `Foyer ${run}`;
  const screen = await addScreen(ownerPage, browser, name, `?model=${encodeURIComponent(model)}`);
  await showsItsScreen(screen, name);
  await expect(screen).toHaveURL(/\/player\/\?model=/);
  await shot(screen, 'ota-upgrade', '1-screen-before');

  // The system role uploads the good build at /ota/package with the MD5 the package script printed.
  const build = fs.readFileSync(packageFile(GOOD_VERSION));
  await logIn(page, ADMIN);
  await page.goto('/ota/package');
  await fillPackageUpload(page, {
    version: GOOD_VERSION,
    md5: createHash('md5').update(build).digest('hex'),
    model,
    file: { name: path.basename(packageFile(GOOD_VERSION)), buffer: build },
  });
  const uploaded = watchNotice(page, 'Package uploaded');
  await page.locator('#otaPackageFormSubmit').click();
  expect(await uploaded).toBe(true);
  const good = await packageId(request, headers, model, GOOD_VERSION);

  // An instant mandatory plan: the screen switches to the new build and reports it installed.
  const first = await planFor(request, headers, `Upgrade ${run}`, good, modelId);
  await expect
    .poll(async () => (await planDevice(request, headers, first))?.state, { timeout: 120_000 })
    .toBe('installed');
  expect((await planDevice(request, headers, first)).system_version).toBe(GOOD_VERSION);
  await expect(screen).toHaveURL(new RegExp(`/player/v/${GOOD_VERSION}/\\?model=`));
  await showsItsScreen(screen, name);
  await shot(screen, 'ota-upgrade', '2-screen-upgraded');
  // The owner's device list shows the version it now runs.
  await ownerPage.goto('/device/list');
  await expect(ownerPage.getByRole('row').filter({ hasText: name })).toContainText(GOOD_VERSION);
  await shot(ownerPage, 'ota-upgrade', '3-device-version');

  // A broken package: tried, not healthy in time, given up; the screen stays on the good build.
  const broken = await uploadPackage(request, headers, {
    version: BROKEN_VERSION,
    build: fs.readFileSync(packageFile(BROKEN_VERSION)),
    modelIds: [modelId],
  });
  const plan = `Broken ${run}`;
  const second = await planFor(request, headers, plan, broken, modelId);
  await expect
    .poll(async () => (await planDevice(request, headers, second))?.state, { timeout: 150_000 })
    .toBe('failed');
  expect((await planDevice(request, headers, second)).reason).toBe(
    `Version ${BROKEN_VERSION} did not come up healthy within 60 s.`,
  );
  await expect(screen).toHaveURL(new RegExp(`/player/v/${GOOD_VERSION}/`));
  await showsItsScreen(screen, name);
  await shot(screen, 'ota-upgrade', '4-screen-after-rollback');

  // The plan's details show the failure: English, Arabic, the phone.
  const views: [Page, string][] = [
    [page, 'en'],
    [await person(browser), 'ar'],
    [await person(browser, PHONE), 'phone'],
  ];
  for (const [view, variant] of views) {
    if (view !== page) await logIn(view, ADMIN);
    await view.goto(`/ota/plan?plan=${second}${variant === 'ar' ? '&language=ar' : ''}`);
    const row = view.getByRole('dialog').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`did not come up healthy within 60 s`);
    if (variant === 'ar') await expect(view.locator('html')).toHaveAttribute('dir', 'rtl');
    if (variant === 'phone') await fitsThePhone(view);
    await shot(view, 'ota-upgrade', `5-plan-failed-${variant}`, { overlay: true });
  }
  for (const other of [ownerPage, screen, ...views.slice(1).map(([view]) => view)])
    await other.context().close();
});
