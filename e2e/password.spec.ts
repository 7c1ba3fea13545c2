import { expect, test } from './support';
import { choose, createOwner, fillLogin, logIn, nextAnswer, shot, submit } from './support/journey';

// The Change Password drawer of the user menu, end to end (spec 000 §2, §4, §5, §8).
test('change password from the user menu, then log in with the new one', async ({ page, request }) => {
  const owner = await createOwner(request, 'password');
  const newPassword = 'Changed-pass3%';
  await logIn(page, owner);

  const openDrawer = () => choose(page, 'Account menu', 'Change Password');
  await openDrawer();
  const drawer = page.getByRole('dialog', { name: 'Change Password' });
  await expect(drawer).toBeVisible();
  const submitButton = drawer.locator('#changePasswordSubmit');
  await expect(submitButton).toBeDisabled();
  await shot(page, 'password', '1-drawer', { overlay: true });

  // 640 px wide, against the right edge.
  const box = await drawer.boundingBox();
  const viewport = page.viewportSize();
  expect(box?.width).toBe(640);
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(viewport?.width);

  // Closing clears what was typed.
  await drawer.locator('#oldPassword').fill('typed then dropped');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await openDrawer();
  await expect(drawer.locator('#oldPassword')).toHaveValue('');

  // A wrong old password, checked by the server on blur.
  await drawer.locator('#oldPassword').fill('Not-my-password1!');
  const checked = nextAnswer(page, '/manager/account/user-center/check-old-pwd');
  await drawer.locator('#oldPassword').blur();
  expect(await checked).toBe(220000);
  await expect(drawer.getByText('Old password is error')).toBeVisible();
  await expect(submitButton).toBeDisabled();
  // Typing again sets the refusal aside, even back to the refused text: nothing is checked mid-word.
  let checks = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/manager/account/user-center/check-old-pwd')) checks += 1;
  });
  await drawer.locator('#oldPassword').press('x');
  await expect(drawer.getByText('Old password is error')).toBeHidden();
  await drawer.locator('#oldPassword').press('Backspace');
  await page.waitForTimeout(300);
  await expect(drawer.getByText('Old password is error')).toBeHidden();
  expect(checks).toBe(0);

  // The new password's rules, and the confirmation following it.
  await drawer.locator('#newPassword').fill('short1!');
  await expect(drawer.getByText('Passwords should be 8 or more characters in length')).toBeVisible();
  await drawer.locator('#newPassword').fill('lettersonly');
  await expect(
    drawer.getByText('Password must include a combination of letters, numbers, and special characters.'),
  ).toBeVisible();
  await drawer.locator('#newPassword').fill(newPassword);
  await drawer.locator('#confirmPassword').fill(newPassword);
  await expect(drawer.getByText('Two entries do not match')).toBeHidden();
  await drawer.locator('#newPassword').fill(`${newPassword}x`);
  await expect(drawer.getByText('Two entries do not match')).toBeVisible();
  await shot(page, 'password', '2-rules', { overlay: true });
  await drawer.locator('#newPassword').fill(newPassword);
  await expect(drawer.getByText('Two entries do not match')).toBeHidden();

  // The right old password enables Submit.
  await drawer.locator('#oldPassword').fill(owner.password);
  await drawer.locator('#oldPassword').blur();
  await expect(submitButton).toBeEnabled();
  await expect(drawer.getByText('Old password is error')).toBeHidden();
  await shot(page, 'password', '3-ready', { overlay: true });

  expect(await submit(page, submitButton, '/manager/account/user-center/reset-pwd')).toBe(220000);
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Tips' });
  await expect(notice).toContainText('Password changed successfully. Please proceed to login.');
  await shot(page, 'password', '4-changed', { overlay: true });
  // The drawer's own 2 s timer signs the user out.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await fillLogin(page, owner.email, owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(401001);
  await page.locator('#password').fill(newPassword);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/home$/);
});
