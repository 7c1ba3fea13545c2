import { expect, latestMail, test } from './support';
import { createOwner, fillLogin, mailedLink, shot, submit } from './support/journey';

// A forgotten password: the reset mail from the real SMTP server, its link, a new password; the
// old one no longer works.
test('forget → reset mail → new password → log in with it', async ({ page, request }) => {
  const owner = await createOwner(request, 'forget');
  const newPassword = 'Renewed-pass2#';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await shot(page, 'forget', '1-form');

  await page.locator('#email').fill(owner.email);
  const sent = Date.now();
  expect(
    await submit(page, page.getByRole('button', { name: 'Send reset link' }), '/account/forget-pwd'),
  ).toBe(220000);
  await expect(page.getByText('Check your mailbox')).toBeVisible();
  await expect(page.getByText(`If an account exists for ${owner.email}`)).toBeVisible();
  await shot(page, 'forget', '2-mail-sent');

  const link = mailedLink(await latestMail(owner.email, { after: sent }), '/forget');
  expect(link.searchParams.get('code')).toBeTruthy();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`Set a new password for ${owner.email}.`)).toBeVisible();
  await expect(page.locator('#email')).toHaveValue(owner.email);
  await expect(page.locator('#email')).toBeDisabled();

  await page.locator('#password').fill('abcdefgh');
  await expect(
    page.getByText('Password must include a combination of letters, numbers, and special characters.'),
  ).toBeVisible();
  await page.locator('#password').fill(newPassword);
  await page.locator('#confirm_password').fill('Something-else3$');
  await expect(page.getByText('Two entries do not match')).toBeVisible();
  await shot(page, 'forget', '3-reset-rules');

  await page.locator('#confirm_password').fill(newPassword);
  await expect(page.getByText('Two entries do not match')).toBeHidden();
  const reset = page.getByRole('button', { name: 'Reset password' });
  expect(await submit(page, reset, `/account/reset/${link.searchParams.get('code')}`)).toBe(220000);
  await expect(page.getByText('Your password has been reset')).toBeVisible();
  await shot(page, 'forget', '4-reset-done');
  // The page's own 2 s timer takes the user to log in.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await fillLogin(page, owner.email, owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(401001);
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();

  await page.locator('#password').fill(newPassword);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.username}` })).toBeVisible();

  // The reset link works once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Invalid link, please check the link again.')).toBeVisible();
  await shot(page, 'forget', '5-link-spent');
});
