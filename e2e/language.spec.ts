import { expect, test } from './support';
import { choose, createOwner, logIn, nextAnswer, shot, text } from './support/journey';

// Switching language: Arabic from the top bar's switcher mirrors the console; Simplified Chinese
// from the `language` query parameter; the choice outlives a reload.
test('Arabic from the switcher, Chinese from the address, kept on reload', async ({ page, request }) => {
  const owner = await createOwner(request, 'language');
  await logIn(page, owner);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');
  const sider = page.locator('.shell-sider');
  expect((await sider.boundingBox())?.x).toBe(0);

  const saved = nextAnswer(page, '/manager/sys/language');
  await choose(page, 'Language', 'العربية');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  expect(await saved).toBe(220000);

  await expect(
    page.getByRole('heading', { name: text('ar', 'home:greeting', { name: owner.username }) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: text('ar', 'home:destinations') })).toBeVisible();
  await expect(sider.getByText(text('ar', 'common:route.home'))).toBeVisible();
  await expect(page.getByText(text('en', 'home:destinations'))).toBeHidden();
  // Mirrored: the side menu on the right edge.
  const viewport = page.viewportSize();
  const box = await sider.boundingBox();
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(viewport?.width);
  await shot(page, 'language', '1-arabic-home');

  // The Change Password drawer comes from the end side: the left one in Arabic.
  await choose(page, text('ar', 'common:userMenu.label'), text('ar', 'common:userMenu.changePassword'));
  const drawer = page.getByRole('dialog', { name: text('ar', 'account:changePassword.title') });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(text('ar', 'account:field.oldPassword'))).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await shot(page, 'language', '2-arabic-drawer', { overlay: true });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The language query parameter switches and stores the language.
  await page.goto('/home?language=zh-CN');
  await expect(html).toHaveAttribute('lang', 'zh-CN');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(
    page.getByRole('heading', { name: text('zh-CN', 'home:greeting', { name: owner.username }) }),
  ).toBeVisible();
  await expect(sider.getByText(text('zh-CN', 'common:route.home'))).toBeVisible();
  expect((await sider.boundingBox())?.x).toBe(0);
  await shot(page, 'language', '3-chinese-home');

  // Kept: a reload, and a fresh visit without the parameter.
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/profile/info');
  await expect(html).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByText(text('zh-CN', 'account:profile.preferences.title'))).toBeVisible();
  await shot(page, 'language', '4-chinese-profile');
});
