import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support';
import {
  createOwner,
  logIn,
  shot,
  text,
  unpairedScreen,
  uploadContent,
  watchNotice,
} from './support/journey';

// Keyboard alone (WCAG 2.2: 2.1.1, 2.4.1, 2.4.3, 2.4.7; issue 29): a first login, the tour
// ended with Escape for good, the skip link, the language menu; the focus shows at every stop.

/** What has the focus: its id, its name and whether a ring or shadow shows it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const shows = (element: Element | null | undefined) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    return {
      id: active?.id ?? '',
      name: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
      tag: active?.tagName ?? '',
      type: active?.getAttribute('type') ?? '',
      // A checkbox draws its ring on the box beside its hidden input; a field on its frame.
      visible: [
        active,
        active?.nextElementSibling,
        active?.closest(
          '.ant-input-affix-wrapper, .ant-input-outlined, .ant-select, .ant-btn, .ant-radio-button-wrapper',
        ),
      ].some(shows),
    };
  });

/** Presses Tab until the focus is on what `is` accepts, each stop shown; fails after 40. */
async function tabTo(page: Page, is: (stop: Awaited<ReturnType<typeof focused>>) => boolean) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (is(stop)) {
      expect(stop.visible, `the focus shows on ${stop.tag}#${stop.id} "${stop.name}"`).toBe(true);
      return stop;
    }
  }
  throw new Error('not reached by Tab');
}

/** Tabs to the checkbox named `name` (a row of a wizard's list) and ticks it with Space. */
async function tick(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name });
  await expect(box).toBeVisible();
  await tabTo(page, (stop) => stop.name === name);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** Tabs to the schedule wizard's Next and presses Enter. */
async function next(page: Page) {
  await tabTo(page, (stop) => stop.id === 'scheduleNext');
  await page.keyboard.press('Enter');
}

test('log in, end the tour, skip to the page and switch the language by keyboard', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'keys');
  await page.goto('/login');
  await expect(page.locator('#email')).toBeVisible();

  await tabTo(page, (stop) => stop.id === 'email');
  await page.keyboard.type(owner.email);
  await tabTo(page, (stop) => stop.id === 'password');
  await page.keyboard.type(owner.password);
  await tabTo(page, (stop) => stop.id === 'accept_terms');
  await page.keyboard.press('Space');
  await expect(page.locator('#accept_terms')).toBeChecked();
  await tabTo(page, (stop) => stop.id === 'login');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });

  // The first login's tour takes the focus; Tab stays in it; Escape ends all three tours.
  const tour = page.locator('.ant-tour-panel[role="dialog"]');
  await expect(tour).toBeVisible({ timeout: 20_000 });
  await expect(tour).toHaveAttribute('aria-label', text('en', 'tour:home.route-Devices.title'));
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-tour-panel')))
    .toBe(true);
  expect((await focused(page)).visible).toBe(true);
  await shot(page, 'keyboard', '1-tour', { overlay: true });
  for (let presses = 0; presses < 5; presses++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-tour-panel'))).toBe(true);
  }
  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/backend/manager/sys/guide') && r.method() === 'POST',
  );
  await page.keyboard.press('Escape');
  expect((await saved).postDataJSON()).toEqual({
    user_guide: { device: true, content: true, schedule: true },
  });
  await expect(page.locator('.ant-tour-panel')).toHaveCount(0);

  // The first Tab stop of the page: the skip link, shown; Enter puts the focus on the page.
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const skip = await tabTo(page, () => true);
  expect(skip.name).toBe(text('en', 'common:layout.skipToContent'));
  await expect(page.locator('.skip-link')).toBeInViewport();
  await shot(page, 'keyboard', '2-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The language menu: Enter opens it with the focus inside; a choice gives the focus back.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(page, (stop) => stop.name === text('en', 'common:language.label'));
  await page.keyboard.press('Enter');
  // The list's own menu (the side navigation is a menu too).
  const menu = page.locator('.ant-dropdown').getByRole('menu');
  await expect(menu).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(true);
  for (let presses = 0; presses < 12; presses++) {
    if ((await page.locator('.ant-dropdown-menu-item-active').textContent()) === 'العربية') break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await focused(page)).name).toBe(text('ar', 'common:language.label'));
  await shot(page, 'keyboard', '3-arabic');

  // The tour ended for good: another page (and a reload) does not bring it back.
  await page.goto('/device/list');
  await expect(page.locator('.ant-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-tour-panel')).toHaveCount(0);
});

test('add a screen and make a schedule up to its time frames by keyboard', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // Set up with the mouse: an owner past the tour, a picture in the library, a player page.
  const owner = await createOwner(request, 'keys-schedule');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-keys-'));
  const picture = path.join(dir, 'keys.png');
  await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2255aa' } })
    .png()
    .toFile(picture);
  await logIn(page, owner);
  await uploadContent(page, 'image', [picture]);
  const { signageId, pin } = await unpairedScreen(browser);

  // The screen: the list's Add opens the drawer with the focus reachable in it.
  await page.goto('/device/list');
  // A page loaded anew reads its code again: slow on a busy machine.
  await expect(page.locator('#addDevice')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, (stop) => stop.id === 'addDevice');
  await page.keyboard.press('Enter');
  await expect(page.locator('#digitalSignageId')).toBeVisible();
  // The drawer takes the focus as it opens and shows it with a ring on its panel.
  await expect(page.locator('.ant-drawer:focus > .ant-drawer-content-wrapper')).toHaveCSS(
    'outline-style',
    'solid',
  );
  await tabTo(page, (stop) => stop.id === 'digitalSignageId');
  await page.keyboard.type(signageId);
  await tabTo(page, (stop) => stop.id === 'deviceName');
  await page.keyboard.type('Keyboard screen');
  await tabTo(page, (stop) => stop.id === 'deviceAuthentication');
  await page.keyboard.type(pin);
  // Checked as it is typed: the 'six digits' hint of the first five goes with the sixth.
  await expect(page.getByText(text('en', 'contract:validation.pin.format'))).toHaveCount(0);
  await shot(page, 'keyboard', '4-add-screen', { overlay: true });
  await tabTo(page, (stop) => stop.id === 'addDeviceFormSubmit');
  const added = watchNotice(page, 'Keyboard screen was added.');
  await page.keyboard.press('Enter');
  expect(await added).toBe(true);

  // The schedule wizard: type, screen, content, then the time frames.
  await page.goto('/schedule/add');
  await expect(page.locator('#scheduleType')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, (stop) => stop.type === 'radio');
  await page.keyboard.press('Space');
  await expect(page.locator('#scheduleType input[type="radio"]:checked')).toHaveCount(1);
  await next(page);
  await tick(page, 'Select Keyboard screen');
  await next(page);
  await tick(page, 'Select keys.png');
  await next(page);
  await expect(page.locator('#scheduleOrder')).toContainText('keys.png');
  await next(page);

  // The time frames: the first covers now; "Add time frame" opens a new one's settings with the
  // focus in them, and OK keeps it.
  await expect(page.getByTestId('schedule-frame')).toHaveText(/00:00–24:00.*Daily/);
  await tabTo(page, (stop) => stop.name === text('en', 'schedule-editor:time.addFrame'));
  await page.keyboard.press('Enter');
  const frame = page.getByRole('dialog', { name: text('en', 'schedule-editor:frame.title') });
  await expect(frame).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
  await shot(page, 'keyboard', '5-time-frame', { overlay: true });
  expect((await focused(page)).visible, 'the focus shows in the time frame dialog').toBe(true);
  await tabTo(page, (stop) => stop.name === text('en', 'common:ok'));
  await page.keyboard.press('Enter');
  await expect(frame).toBeHidden();
  await expect(page.getByTestId('schedule-frame')).toHaveCount(2);
  await shot(page, 'keyboard', '6-time-frames');
  await next(page);
  await expect(page.locator('#scheduleName')).toBeVisible();
});
