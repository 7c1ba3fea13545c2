import { expect, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  shot,
  submit,
  text,
} from './support/journey';

// Control rules (issue 25, /device/rule): an owner pairs a player page whose clock the journey
// controls (Playwright's page.clock), makes a daily time rule that turns its brightness down ten
// minutes from now, and moves the screen's clock on: the screen dims by itself at the rule's time
// (from its manifest, on its synced clock) and reports the firing, which the rule's history shows.
// The list and the drawer are captured in English, in Arabic and on a phone.

const RULE = 'Evening dim';
const SCREEN = 'Rule screen';
const AHEAD_MS = 10 * 60_000;

test('a time rule turns a paired screen’s brightness down at its time, on a clock the journey controls', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await createOwner(request, 'rule');
  await logIn(page, owner);
  const screen = await addScreen(page, browser, SCREEN, '', undefined, {
    prepare: (player) => player.clock.install({ time: Date.now() }),
  });

  // The rule's time: ten minutes from now, on the screen's zone's clock (UTC here).
  const due = new Date(Math.ceil((Date.now() + AHEAD_MS) / 60_000) * 60_000);
  const at = due.toISOString().slice(11, 16);

  await page.goto('/device/rule');
  await page.getByRole('button', { name: 'New rule' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('#name').fill(RULE);
  await drawer.locator('#at').click();
  await drawer.locator('#at').fill(at);
  await drawer.locator('#at').press('Enter');
  await drawer.getByRole('checkbox', { name: 'Brightness' }).check();
  await drawer.locator('#brightness').fill('20');
  await drawer.locator('#device_ids').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: SCREEN })
    .click();
  // A multiple select stays open: the name field takes the focus back.
  await drawer.locator('#name').click();
  await shot(page, 'rule', '1-drawer', { overlay: true });
  expect(await submit(page, page.locator('#ruleFormSubmit'), '/manager/rule')).toBe(220000);
  const row = page.getByRole('row').filter({ hasText: RULE });
  await expect(row).toContainText(`Every day at`);
  await expect(row).toContainText(at);

  // The screen has the rule in its manifest, then its clock reaches the rule's time.
  await expect
    .poll(
      () =>
        screen.evaluate(
          () => JSON.parse(localStorage.getItem('vitrine.player.manifest') ?? '{}').rules?.length ?? 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(screen.locator('#screen')).not.toHaveAttribute('style', /brightness/);
  await screen.clock.fastForward(due.getTime() - (await screen.evaluate(() => Date.now())) + 1_000);
  await expect(screen.locator('#screen')).toHaveAttribute('style', /brightness\(0\.2\)/);

  // The firing reached the server: the history shows it done on the screen, once.
  await page.reload();
  await row.getByRole('button', { name: `History of ${RULE}` }).click();
  const history = page.getByRole('region', { name: 'Firings' });
  await expect(history.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('On the screen');
  await expect(history).toContainText(SCREEN);
  await shot(page, 'rule', '2-history', { overlay: true });
  await page.keyboard.press('Escape');
  await shot(page, 'rule', '3-list');

  await page.goto('/device/rule?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(text('ar', 'rule:recurrence.daily'), { exact: false }).first()).toBeVisible();
  await shot(page, 'rule', '4-list-arabic');

  const phone = await person(browser, PHONE);
  await logIn(phone, owner);
  await phone.goto('/device/rule');
  await expect(phone.getByRole('row').filter({ hasText: RULE })).toBeVisible({ timeout: 30_000 });
  await fitsThePhone(phone);
  await shot(phone, 'rule', '5-list-phone');
  await phone.context().close();
  await screen.context().close();
});
