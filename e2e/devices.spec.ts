import type { Browser, Page } from '@playwright/test';
import { APP_VERSION } from '../packages/contract/src/limits';
import { baseUrl, expect, latestMail, test } from './support';
import { createOwner, logIn, PHONE, pickOption, sameUser, shot } from './support/journey';

// A screen joins: one Chromium page opens the player, which registers and shows its signage ID
// and PIN; the owner adds it from the console's drawer (opened by the link the player's QR code
// holds) → it is online and the player shows its idle screen → reboot reloads the player, a
// screenshot appears in the console, the volume reaches the screen's media, the orientation turns
// the screen → closing the player turns the device offline in the console without a reload, and
// the owner is mailed. A second screen whose WebSocket is blocked pairs and obeys by polling.

/** A fresh browser of its own, at `options`' size. */
async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a player pairs with the ID and PIN it shows, goes online, and offline when closed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await createOwner(request, 'devices');
  const name = `Lobby ${Date.now().toString(36)}`;

  // The screen: a landscape 1080p browser opening /player.
  const screen = await person(browser, { viewport: { width: 1280, height: 720 } });
  await screen.goto('/player/');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  expect(signageId).toMatch(/^[A-Z2-9]{6}$/);
  await expect(screen.locator('.status-line')).toHaveAttribute('data-status', 'connected');
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  await expect(screen.locator('.qr-image svg')).toBeVisible();
  await shot(screen, 'devices', '1-player-unpaired');

  // The owner finds the player's address in the top bar, then follows the screen's QR code link:
  // the drawer opens with the ID filled in.
  await logIn(page, owner);
  await page.getByRole('button', { name: 'Player' }).click();
  await expect(page.getByRole('link', { name: `${new URL(page.url()).origin}/player` })).toBeVisible();
  await shot(page, 'devices', '0-top-bar-player-link');
  await page.goto(`/device/list?act=add&signage_id=${signageId}`);
  await expect(page.locator('#digitalSignageId')).toHaveValue(signageId);
  await page.locator('#deviceName').fill(name);
  await page.locator('#deviceAuthentication').fill('000000' === pin ? '111111' : '000000');
  const addButton = page.locator('#addDeviceFormSubmit');
  await addButton.click();
  // A wrong PIN is refused with the server's message, and nothing is added.
  await expect(page.getByText('The signage ID or PIN is wrong, or the PIN has expired.')).toBeVisible();
  await shot(page, 'devices', '2-add-wrong-pin');
  await expect(addButton).not.toHaveClass(/ant-btn-loading/);
  await page.locator('#deviceAuthentication').fill(pin);
  await addButton.click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();

  // Online in the console; the player shows its idle screen with its name.
  await expect(row(page, name).getByText('Online')).toBeVisible();
  await expect(screen.getByText(name)).toBeVisible({ timeout: 15_000 });
  await shot(screen, 'devices', '3-player-paired');
  await shot(page, 'devices', '4-list-online');

  // The detail page shows what the player reported.
  await row(page, name).getByRole('link', { name }).click();
  await expect(page.getByText(signageId).first()).toBeVisible();
  await expect(page.getByText('1280x720').or(page.getByText('2560x1440'))).toBeVisible();
  await shot(page, 'devices', '5-detail');

  // Remote control from the detail page, each command acknowledged by the screen.
  const control = page.locator('.ant-card').filter({ hasText: 'Remote control' });
  let loads = 0;
  screen.on('load', () => loads++);
  const before = loads;
  await control.getByRole('button', { name: 'Reboot' }).click();
  await expect(control.getByText('Done').first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => loads, { timeout: 15_000 }).toBeGreaterThan(before); // reloaded
  await expect(screen.getByText(name)).toBeVisible({ timeout: 15_000 });
  // Its name shows before its socket is back: a command sent meanwhile is refused as offline.
  await expect(screen.locator('.status-dot')).toHaveAttribute('data-status', 'connected', {
    timeout: 15_000,
  });

  await control.getByRole('button', { name: 'Screenshot' }).click();
  await expect(page.getByRole('img', { name: new RegExp(name) })).toBeVisible({ timeout: 20_000 });

  // Volume goes to every media element the screen plays (the journey puts an audio element there
  // itself, so the check needs no uploaded media). A click at 30 % of the slider sets about 30.
  await screen.evaluate(() =>
    document.body.append(Object.assign(document.createElement('audio'), { id: 'probe' })),
  );
  const probeVolume = () =>
    screen.evaluate(() => (document.getElementById('probe') as HTMLAudioElement).volume);
  expect(await probeVolume()).toBe(1);
  const volume = control.locator('.ant-slider').first();
  const box = (await volume.boundingBox())!;
  await volume.click({ position: { x: box.width * 0.3, y: box.height / 2 } });
  await expect.poll(probeVolume, { timeout: 15_000 }).toBeGreaterThan(0.2);
  expect(await probeVolume()).toBeLessThan(0.4);

  await control.getByLabel('Orientation').click();
  await pickOption(page, 'Portrait');
  await expect(screen.locator('#screen')).toHaveAttribute('style', /rotate\(90deg\)/, { timeout: 15_000 });
  await shot(screen, 'devices', '6-player-portrait-command');
  await shot(page, 'devices', '7-detail-after-commands');

  // Closing the player: offline within a list refresh, no reload, and the owner gets a mail.
  const closed = Date.now();
  await page.goto('/device/list');
  await screen.context().close();
  await expect(row(page, name).getByText('Offline')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'devices', '8-list-offline');
  // The outage is news once it has lasted OFFLINE_MAIL_AFTER_SECONDS (20 s in the journeys, see
  // global-setup.ts): a reboot earlier said nothing. The mail is awaited at the end, the rest of the journey going on meanwhile.
  const mailArrives = latestMail(owner.email, { after: closed, timeoutMs: 150_000 });
  mailArrives.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile

  // The same list at phone width, then in Arabic (from the address, as a link may carry it).
  const phone = await sameUser(page, PHONE);
  await phone.goto('/device/list');
  await expect(row(phone, name)).toBeVisible();
  await shot(phone, 'devices', '9-list-phone');
  await page.goto('/device/list?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(row(page, name)).toBeVisible();
  // The player's version (the one this server ships) is isolated left to right: it reads in
  // order inside the Arabic page.
  const version = APP_VERSION.split(' ')[0].replaceAll('.', '\\.');
  await expect(row(page, name)).toContainText(new RegExp(`\u2066[^\u2069]*${version}[^\u2069]*\u2069`));
  await shot(page, 'devices', '10-list-arabic');
  // The device's page in Arabic: degrees and sizes in Arabic words, the screenshot's result apart
  // from its status.
  await row(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/device\/\d+$/);
  await expect(page.getByText('°0')).toHaveCount(0);
  const history = page.locator('.ant-table').last();
  await expect(history).toContainText('بايت');
  await expect(history).not.toContainText('bytes');
  await shot(page, 'devices', '10b-device-arabic');

  // A portrait screen in Arabic: the pairing screen mirrored, the codes still left to right.
  const portrait = await person(browser, { viewport: { width: 720, height: 1280 } });
  await portrait.goto('/player/?lang=ar');
  await expect(portrait.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(portrait.locator('.signage-id')).toHaveText(/^[A-Z2-9]{6}$/);
  await shot(portrait, 'devices', '11-player-arabic-portrait');
  // A player left running would keep the next journeys' machine busy.
  await Promise.all([phone.context().close(), portrait.context().close()]);
  expect((await mailArrives).subject).toContain(name);
});

test('a screen whose WebSocket is blocked pairs, goes online and obeys by polling', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createOwner(request, 'devices-poll');
  const name = `Kiosk ${Date.now().toString(36)}`;

  // A proxy that lets no WebSocket through: every attempt is closed at once.
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 720 } });
  await context.routeWebSocket(/\/backend\/player\/socket/, (socket) => socket.close());
  const screen = await context.newPage();
  await screen.goto('/player/');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  await expect(screen.locator('.status-line')).not.toHaveAttribute('data-status', 'connected');

  await logIn(page, owner);
  await page.goto(`/device/list?act=add&signage_id=${signageId}`);
  await page.locator('#deviceName').fill(name);
  await page.locator('#deviceAuthentication').fill(pin);
  await page.locator('#addDeviceFormSubmit').click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();

  // The next poll (every 10 s) shows the claim, and counts as a sign of life.
  await expect(screen.getByText(name)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, name).getByText('Online')).toBeVisible({ timeout: 20_000 });
  await shot(screen, 'devices', '12-player-paired-by-polling');

  // A command waits for the next poll; the screen answers over HTTP.
  await row(page, name).getByRole('link', { name }).click();
  const control = page.locator('.ant-card').filter({ hasText: 'Remote control' });
  await control.getByRole('button', { name: 'Identify' }).click();
  await expect(screen.locator('.identify-id')).toHaveText(signageId, { timeout: 20_000 });
  await expect(control.getByText('Done').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'devices', '13-detail-command-by-polling');
  await context.close();
});
