import { expect, test } from './support';
import { choose, createOwner, logIn, nextAnswer, pickOption, shot } from './support/journey';

// The profile page (/profile/info) from the user menu: a nickname and a date format, both kept.
test('set a nickname and a date format on the profile page', async ({ page, request }) => {
  const owner = await createOwner(request, 'profile');
  await logIn(page, owner);

  await choose(page, 'Account menu', 'Personal information');
  await expect(page).toHaveURL(/\/profile\/info$/);
  await expect(page.getByText(owner.email)).toBeVisible();
  await expect(page.locator('#username')).toHaveValue(owner.username);
  // The defaults of spec 000 §9.
  const dateFormat = page.locator('.ant-form-item').filter({ has: page.locator('#dateFormat') });
  const timeFormat = page.locator('.ant-form-item').filter({ has: page.locator('#timeFormat') });
  await expect(dateFormat).toContainText('MM-DD-YYYY');
  await expect(timeFormat).toContainText('HH:mm');
  await shot(page, 'profile', '1-page');

  // A date format is saved as soon as it is chosen; the example follows it.
  const saved = nextAnswer(page, '/manager/sys/date/format');
  await page.locator('#dateFormat').click();
  await pickOption(page, 'YYYY-MM-DD');
  expect(await saved).toBe(220000);
  await expect(
    page.locator('.ant-notification-notice').filter({ hasText: 'Your changes have been saved.' }),
  ).toBeVisible();
  await expect(dateFormat).toContainText('YYYY-MM-DD');
  // The example is isolated left to right (U+2066 … U+2069), so Arabic shows it in order too.
  await expect(dateFormat).toContainText(/Now: \u2066\d{4}-\d{2}-\d{2}\u2069/);

  await page.locator('#nickname').fill('Signage Sam');
  const updated = nextAnswer(page, '/manager/account/user-center/update');
  await page.locator('#saveProfile').click();
  expect(await updated).toBe(220000);
  // The top bar greets the user by the new nickname.
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Signage Sam');
  await shot(page, 'profile', '2-saved');

  // Both are the server's now.
  await page.reload();
  await expect(page.locator('#nickname')).toHaveValue('Signage Sam');
  await expect(dateFormat).toContainText('YYYY-MM-DD');
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Signage Sam' })).toBeVisible();
});
