import { expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  sameUser,
  shot,
  watchNotice,
} from './support/journey';
import { modelWithPackage, playerToken, reportInstalled } from './support/ota';

// Approving an upgrade (docs/ota.md "Approving an upgrade"): the owner selects its screen on
// /device/ota and upgrades it; the screen's state carries the offer, mandatory; the player's
// reports (simulated through the player API with the screen's own token, as any player would make
// them) move it to installed; /device/ota shows the state and /device/ota/log the row, from → to.
// Arabic and the phone too.

const VERSION = '9.1.0';

test('an owner upgrades a screen from the upgrade list and finds it in the history', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { run, model } = await modelWithPackage(request, 'OTA Upgrade', VERSION);

  const owner = await createOwner(request, 'ota-up');
  const name = `Foyer ${run}`;
  await logIn(page, owner);
  const screen = await addScreen(page, browser, name, `?model=${encodeURIComponent(model)}`);
  const token = await playerToken(screen);
  // The player speaks through the API from here on (the browser player's own upgrade is not this
  // journey's): its page closes so that only these reports move the upgrade.
  await screen.context().close();
  const player = { Authorization: `Bearer ${token}` };

  // Select the screen's row and upgrade it.
  await page.goto('/device/ota');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(VERSION);
  await row.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Upgrade (1)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Upgrade 1 device to \u2066${VERSION}\u2069? It installs at once.`);
  await shot(page, 'device-ota-upgrade', '1-confirm', { overlay: true });
  const approved = watchNotice(page, 'Upgrade approved for 1 device');
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  expect(await approved, 'the notice "Upgrade approved for 1 device"').toBe(true);
  await expect(row).toContainText('Waiting');
  await shot(page, 'device-ota-upgrade', '2-waiting');

  // The screen's state carries the offer, mandatory.
  const polled = await (await request.get('/backend/player/poll', { headers: player })).json();
  const offer = polled.data.state.upgrade;
  expect(offer, JSON.stringify(polled.data.state)).toMatchObject({ version: VERSION, mandatory: true });

  // The player's reports, step by step, to installed.
  await reportInstalled(request, token, offer.plan_id, VERSION);
  await page.reload();
  await expect(row).toContainText('Installed');

  // The history: the row installed, from the version the screen ran to the new one.
  await page.getByRole('link', { name: 'Approved history' }).click();
  await expect(page).toHaveURL(/\/device\/ota\/log$/);
  const logged = page.getByRole('row').filter({ hasText: name });
  await expect(logged).toContainText('Installed');
  await expect(logged).toContainText(`→ ${VERSION}`);
  await expect(logged).toContainText(owner.username);
  await shot(page, 'device-ota-upgrade', '3-history');

  // Arabic: the versions stay left to right inside the right-to-left page.
  const arabic = await sameUser(page);
  await arabic.goto('/device/ota/log?language=ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicRow = arabic.getByRole('row').filter({ hasText: name });
  await expect(arabicRow).toContainText('مثبّتة');
  await expect(arabicRow.locator('.ota-log-versions bdi[dir="ltr"]').last()).toHaveText(VERSION);
  await shot(arabic, 'device-ota-upgrade', '4-history-ar');
  await arabic.goto('/device/ota');
  await expect(arabic.getByRole('row').filter({ hasText: name })).toContainText('مثبّتة');
  await shot(arabic, 'device-ota-upgrade', '5-upgrade-list-ar');

  const phone = await sameUser(page, PHONE);
  await phone.goto('/device/ota/log');
  await expect(phone.getByText(name)).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'device-ota-upgrade', '6-history-phone');
});
