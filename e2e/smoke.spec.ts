import { expect, screenshot, test } from './support';

// Proves the setup: the built console is served and its guard sends a visitor to /login.
test('a visitor without a session lands on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('input').first()).toBeVisible();
  await screenshot(page, 'smoke-login');
});
