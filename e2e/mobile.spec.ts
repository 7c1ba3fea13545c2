import { expect, test } from './support';
import { fitsThePhone, PHONE, shot, text, visitEveryScreen } from './support/journey';

// At phone width the console switches to its mobile layout: navigation in a drawer from the start
// side, a compact top bar, nothing wider than the screen. Every screen is visited and saved as
// e2e/screenshots/screens-phone-<lang>-<screen>.png.
test.use(PHONE);

for (const lang of ['en', 'ar'] as const) {
  test(`phone layout in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request }) => {
    const t = (id: string) => text(lang, id);
    const rtl = lang === 'ar';
    await visitEveryScreen(page, request, { variant: `phone-${lang}`, lang, phone: true });
    // On a phone the Change Password drawer takes the whole width.
    const drawer = page.getByRole('dialog', { name: t('account:changePassword.title') });
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(PHONE.viewport.width);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // No side bar; a menu button; a top bar without the user's name or the language's label.
    await expect(page.locator('.shell-sider')).toHaveCount(0);
    await expect(page.locator('.shell-user__name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('common:language.label') })).toHaveText('');

    // The navigation drawer comes from the start side: the right one in Arabic.
    await page.getByRole('button', { name: t('common:layout.openMenu') }).click();
    const menu = page.getByRole('dialog').filter({ hasText: t('common:route.home') });
    await expect(menu).toBeVisible();
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return Math.round(rtl ? (box?.x ?? 0) + (box?.width ?? 0) : (box?.x ?? -1));
      })
      .toBe(rtl ? PHONE.viewport.width : 0);
    expect((await menu.boundingBox())?.width).toBeLessThan(PHONE.viewport.width);
    await shot(page, 'mobile', `${lang}-menu`, { overlay: true });
    await menu.getByText(t('common:route.home'), { exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    // Page titles have a line of their own: shown whole, not cut to "Sch…".
    await page.goto('/schedule/live');
    const title = page.locator('.shell-header__title');
    await expect(title).toHaveText(t('common:route.scheduleLive'));
    expect(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth)).toBe(true);
    await fitsThePhone(page);
    await shot(page, 'mobile', `${lang}-schedule-list`);
  });
}
