import type { Page } from '@playwright/test';
import { APP_VERSION } from '../packages/contract/src/limits';
import { PLAYER_SOCKET_PATH } from '../packages/contract/src/player';
import { expect, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, shot, text } from './support/journey';

// Versions and features: a paired screen speaks as an older player would (what it says of itself in
// its greeting and on its socket carries an old player_version, rewritten on the way out), so the
// console greys out what that version lacks with the spec's message and the server refuses the
// command; the real player greeting again (a reload, as after an upgrade) shows its version at
// once and everything comes back.

const OLD = '1.20.0';
const REFUSED = text('en', 'contract:device.oldVersion');

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('an old player version greys out what it lacks, and the server refuses it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createOwner(request, 'features');
  const name = `Kiosk ${Date.now().toString(36)}`;
  await logIn(page, owner);
  const screen = await addScreen(page, browser, name);

  // The screen speaks as an old player: every report of itself (the greeting, the socket's auth and
  // heartbeats) says OLD, so its later reports (after its media are stored) keep saying it.
  let pretending = true;
  const asOld = <T>(message: T): T => {
    if (!pretending || typeof message !== 'string') return message;
    const data = JSON.parse(message);
    if (data.info) data.info.player_version = OLD;
    return JSON.stringify(data) as T;
  };
  await screen.route('**/backend/player/hello', (route) =>
    route.continue({ postData: asOld(route.request().postData() ?? '') }),
  );
  await screen.routeWebSocket(new RegExp(`${PLAYER_SOCKET_PATH}$`), (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(asOld(message)));
  });
  await screen.reload();
  await expect(screen.getByText(name)).toBeVisible({ timeout: 15_000 });

  // The list: its version, and the batch commands greyed out with the message.
  await page.goto('/device/list');
  await expect(row(page, name)).toContainText(OLD);
  await row(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Send command/ }).click();
  const reboot = page.getByRole('menuitem', { name: 'Reboot' });
  await expect(reboot).toHaveAttribute('aria-disabled', 'true');
  await reboot.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: REFUSED })).toBeVisible();
  await shot(page, 'device-features', 'list-old');
  await page.keyboard.press('Escape');

  // The device's page: the message, the controls greyed out, and what an upgrade would enable.
  await row(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/device\/\d+$/);
  const deviceId = Number(new URL(page.url()).pathname.split('/').pop());
  const control = page.locator('.ant-card').filter({ hasText: 'Remote control' });
  await expect(control.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(control.getByRole('button', { name: 'Reboot' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Set lock PIN' })).toBeDisabled();
  await expect(page.getByText(/^Upgrading the player would enable: /)).toBeVisible();
  await control.getByRole('button', { name: 'Screenshot' }).hover({ force: true });
  await expect(page.getByRole('tooltip').filter({ hasText: REFUSED })).toBeVisible();
  await shot(page, 'device-features', 'detail-old');

  // The server refuses the command all the same, and records none.
  const session = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${session}` };
  const refused = await request.post(`/backend/manager/device/${deviceId}/command`, {
    headers,
    data: { action: 'reboot' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 400001, msg: REFUSED });
  const history = await request.get(`/backend/manager/device/${deviceId}/command`, { headers });
  expect(await history.json()).toMatchObject({ code: 220000, data: { list: [] } });

  // Arabic: the same message and the version kept left to right.
  await page.goto(`/device/${deviceId}?language=ar`);
  await expect(page.getByText(text('ar', 'contract:device.oldVersion')).first()).toBeVisible();
  await expect(page.getByText(`\u2066${OLD}\u2069`)).toBeVisible();
  await shot(page, 'device-features', 'detail-old-ar');
  await page.goto(`/device/${deviceId}?language=en`);

  // A phone.
  const phone = await (await browser.newContext({ ...PHONE })).newPage();
  await logIn(phone, owner);
  await phone.goto(`/device/${deviceId}`);
  await expect(phone.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'device-features', 'detail-old-phone');

  // The real player greets again (as after an upgrade): its version shows at once, controls return.
  pretending = false;
  await screen.reload();
  await expect(screen.getByText(name)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByText(`\u2066${APP_VERSION}\u2069`)).toBeVisible();
  await expect(control.getByRole('button', { name: 'Reboot' })).toBeEnabled();
  await expect(page.getByText(REFUSED)).toHaveCount(0);
});
