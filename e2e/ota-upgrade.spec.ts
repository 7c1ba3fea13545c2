import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, setLicenceClock, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, person, shot } from './support/journey';
import { adminHeaders, createModel, fillPackageUpload, type Headers, uploadPackage } from './support/ota';
import { BROKEN_VERSION, GOOD_VERSION, packageFile } from './support/player-packages';
import { playAPicture, rendered } from './support/screens';

// The browser player really upgrades (docs/ota.md "The browser player's upgrade"): the system role
// uploads a browser package of the player (built by global setup with the package script) at
// /ota/package for the model a paired screen is launched as, and plans it mandatorily at a time
// tomorrow. The screen, playing a scheduled picture, waits; the journey moves the server's test
// clock past the plan's time and the screen downloads the package, checks its MD5, tries it hidden,
// switches to /player/v/<version>/ and reports it installed with the new version, the picture on
// screen throughout. A broken package (its page runs no player) is given up as soon as its page
// has loaded, well before the 60 s limit, and the plan shows the failure; the screen stays on the
// good version, still playing, and a restart of the kiosk at /player/ brings it back to that
// version. The plan's details in English, Arabic and on the phone.

const DAY_MS = 86_400_000;

/** Makes a mandatory plan of this package for the model's screens (instant by default); answers its id. */
async function planFor(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  packageId: number,
  modelId: number,
  timing: { timing: 'instant' } | { timing: 'at'; at: string } = { timing: 'instant' },
) {
  const made = await (
    await request.post('/backend/manager/ota/plan', {
      headers,
      data: {
        name,
        package_id: packageId,
        targets: { model_ids: [modelId] },
        mandatory: true,
        ...timing,
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
    reason_code: string | null;
    reason_params: Record<string, string | number> | null;
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

test('a paired browser screen upgrades itself at its plan’s time while it plays, and gives a broken build up at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const model = `OTA Upgrade ${run}`;
  const headers = await adminHeaders(request);
  const modelId = await createModel(request, headers, model);

  // An owner pairs a screen launched as that model: it runs the shipped build and plays a picture.
  const owner = await createOwner(request, 'ota-upgrade');
  const ownerPage = await person(browser);
  await logIn(ownerPage, owner);
  const name = `Foyer ${run}`;
  const screen = await addScreen(ownerPage, browser, name, `?model=${encodeURIComponent(model)}`);
  await showsItsScreen(screen, name);
  await expect(screen).toHaveURL(/\/player\/\?model=/);
  await playAPicture(ownerPage, request, owner, name, `ota-picture-${run}`);
  await rendered(screen, 1);
  const picture = screen.locator('.render-stage img.render-fill');
  await expect(picture).toBeVisible();
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
  await page.locator('#otaPackageFormSubmit').click();
  // Uploaded: its row is listed (ota-package.spec.ts checks the notice; on a busy machine the
  // upload can outlast it).
  await expect(page.getByRole('row').filter({ hasText: model })).toContainText(GOOD_VERSION, {
    timeout: 60_000,
  });
  const good = await packageId(request, headers, model, GOOD_VERSION);

  // A mandatory plan at this time tomorrow (UTC: a day ahead on every screen's clock): it waits.
  const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 16);
  const first = await planFor(request, headers, `Upgrade ${run}`, good, modelId, {
    timing: 'at',
    at: tomorrow,
  });
  expect((await planDevice(request, headers, first)).state).toBe('waiting');
  await expect(screen).toHaveURL(/\/player\/\?model=/);

  // Two days on by the server's test clock, the plan's time has come: the screen upgrades, and
  // shows its picture while it does (the build is tried hidden) and after the switch.
  try {
    await setLicenceClock(2 * DAY_MS);
    await expect
      .poll(async () => (await planDevice(request, headers, first))?.state, { timeout: 60_000 })
      .toMatch(/^(installing|installed)$/);
    await expect(picture).toBeVisible();
    await expect
      .poll(async () => (await planDevice(request, headers, first))?.state, { timeout: 120_000 })
      .toBe('installed');
  } finally {
    await setLicenceClock(0);
  }
  expect((await planDevice(request, headers, first)).system_version).toBe(GOOD_VERSION);
  // The new build plays the picture (it shows the program, not its identity screen).
  await expect(screen).toHaveURL(new RegExp(`/player/v/${GOOD_VERSION}/\\?model=`));
  await rendered(screen, 1);
  await expect(picture).toBeVisible();
  await shot(screen, 'ota-upgrade', '2-screen-upgraded');
  // The owner's device list shows the version it now runs (the page may take a while to load on a
  // busy machine: its first visit in this browser).
  await ownerPage.goto('/device/list');
  await expect(ownerPage.getByRole('row').filter({ hasText: name })).toContainText(GOOD_VERSION, {
    timeout: 30_000,
  });
  await shot(ownerPage, 'ota-upgrade', '3-device-version');

  // A broken package: its page loads but runs no player, so it is given up at once, well within the
  // 60 s a silent build gets; the screen stays on the good build, playing.
  const broken = await uploadPackage(request, headers, {
    version: BROKEN_VERSION,
    build: fs.readFileSync(packageFile(BROKEN_VERSION)),
    modelIds: [modelId],
  });
  const plan = `Broken ${run}`;
  const planned = Date.now();
  const second = await planFor(request, headers, plan, broken, modelId);
  await expect
    .poll(async () => (await planDevice(request, headers, second))?.state, { timeout: 45_000 })
    .toBe('failed');
  expect(Date.now() - planned).toBeLessThan(45_000);
  expect(await planDevice(request, headers, second)).toMatchObject({
    reason_code: 'not_started',
    reason_params: { version: BROKEN_VERSION },
    reason: `Version ${BROKEN_VERSION} did not start: its page ran no player.`,
  });
  await expect(screen).toHaveURL(new RegExp(`/player/v/${GOOD_VERSION}/`));
  await rendered(screen, 1);
  await expect(picture).toBeVisible();
  await shot(screen, 'ota-upgrade', '4-screen-after-rollback');

  // The kiosk restarts at /player/: the shipped page finds the pin (its boot choice is loaded only
  // then) and goes back to the upgraded build, which plays the picture again.
  await screen.goto(`/player/?model=${encodeURIComponent(model)}`);
  await expect(screen).toHaveURL(new RegExp(`/player/v/${GOOD_VERSION}/\\?model=`));
  await rendered(screen, 1);
  await expect(picture).toBeVisible();

  // The plan's details show the failure in the reader's language: English, Arabic, the phone.
  const views: [Page, string][] = [
    [page, 'en'],
    [await person(browser), 'ar'],
    [await person(browser, PHONE), 'phone'],
  ];
  for (const [view, variant] of views) {
    if (view !== page) await logIn(view, ADMIN);
    await view.goto(`/ota/plan?plan=${second}${variant === 'ar' ? '&language=ar' : ''}`);
    const row = view.getByRole('dialog').getByRole('row').filter({ hasText: name });
    // A fresh browser loads the console's pages first: on a busy machine that takes a while.
    await expect(row).toContainText(variant === 'ar' ? 'لم يبدأ الإصدار' : 'did not start', {
      timeout: 30_000,
    });
    if (variant === 'ar') await expect(view.locator('html')).toHaveAttribute('dir', 'rtl');
    if (variant === 'phone') await fitsThePhone(view);
    await shot(view, 'ota-upgrade', `5-plan-failed-${variant}`, { overlay: true });
  }
  for (const other of [ownerPage, screen, ...views.slice(1).map(([view]) => view)])
    await other.context().close();
});
