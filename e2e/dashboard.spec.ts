import { expect, test } from './support';
import { createOwner, fitsThePhone, logIn, PHONE, shot, text } from './support/journey';

// Many steps with screenshots on a 2-core machine.
test.setTimeout(180_000);
// The charts (Recharts) animate in JavaScript, which settle() cannot finish: a screenshot caught
// the donut before it was drawn. With reduced motion, which the console honours, they are drawn at
// once.
test.use({ reducedMotion: 'reduce' });

// The /home dashboard and the onboarding tour's start (spec 000 §2, §4, §7): a first login
// starts the tour at Home over a 75 % mask; finishing its three steps leads to the devices list,
// where the device path starts with the menu entry; skipping saves the progress. The dashboard
// shows its figures and charts, mirrored in Arabic and within a phone's width.
test('the tour starts at Home on a first login, the dashboard shows its figures', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'dashboard');
  await logIn(page, owner, { tour: true });

  const tour = page.locator('.ant-tour:visible');
  await expect(tour.getByText(text('en', 'tour:home.route-Devices.title'), { exact: true })).toBeVisible();
  await expect(page.locator('.ant-tour-mask')).toBeVisible();
  await shot(page, 'dashboard', '1-tour-home', { overlay: true });
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText(text('en', 'tour:home.route-Content.title'), { exact: true })).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/device\/list$/);
  await expect(tour.getByText(text('en', 'tour:device.route-Devices.title'), { exact: true })).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText(text('en', 'tour:device.addDevice.title'), { exact: true })).toBeVisible();
  await shot(page, 'dashboard', '2-tour-add-device', { overlay: true });
  // Its Next opens the add drawer: the tour points at the signage ID field.
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(
    tour.getByText(text('en', 'tour:device.digitalSignageId.title'), { exact: true }),
  ).toBeVisible();
  await expect(page.locator('#digitalSignageId')).toBeVisible();
  await shot(page, 'dashboard', '3-tour-signage-id', { overlay: true });

  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/backend/manager/sys/guide') && r.method() === 'POST',
  );
  await page.locator('#tourSkip').click();
  expect((await saved).postDataJSON()).toEqual({
    user_guide: { device: true, content: true, schedule: true },
  });
  await expect(tour).toHaveCount(0);

  // The add drawer the tour opened closes; the menu leads Home.
  await page.keyboard.press('Escape');
  await expect(page.locator('#digitalSignageId')).toBeHidden();
  await page.getByRole('menuitem', { name: text('en', 'common:route.home') }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: text('en', 'home:overview') })).toBeVisible();
  await expect(page.getByText(text('en', 'home:storage.title'), { exact: true })).toBeVisible();
  await expect(page.getByText(/of 500\.0 MB used/)).toBeVisible();
  await expect(page.getByText(text('en', 'home:devices.byStatus'))).toBeVisible();
  // The accounts by role: one slice, the owner.
  await expect(page.locator('.recharts-pie-sector')).toHaveCount(1);
  // The tour is done: it does not come back.
  await expect(page.locator('.ant-tour:visible')).toHaveCount(0);
  await shot(page, 'dashboard', '4-home');

  // A whole page load: the shell, the page and the Arabic messages come anew (slow on a busy machine).
  await page.goto('/home?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: text('ar', 'home:overview') })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(text('ar', 'home:devices.byStatus'))).toBeVisible();
  await expect(page.locator('.recharts-pie-sector')).toHaveCount(1);
  await shot(page, 'dashboard', '5-home-arabic');
  await page.goto('/home?language=en');
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the dashboard fits the phone', async ({ page, request }) => {
    const owner = await createOwner(request, 'dashboard-phone');
    await logIn(page, owner);
    await expect(page.getByRole('heading', { name: text('en', 'home:overview') })).toBeVisible();
    await expect(page.getByText(text('en', 'home:devices.byStatus'))).toBeVisible();
    await fitsThePhone(page);
    await shot(page, 'dashboard', '6-home-phone');
  });
});
