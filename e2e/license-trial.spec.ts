import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, shot, submit, text } from './support/journey';

// Trials: a new owner pairs a screen and it plays on a trial licence at once; the platform lowers
// the trial limit to what the company used; the owner's next screen is added but told trials are
// exhausted, and /license/trial says what to do. In English, Arabic and at phone width. The limit
// is the platform's, shared by every journey: it is put back at the end.
const TRIAL = '/manager/license/trial';

/** The system role sets the trial limit on /license/trial. */
async function setLimit(admin: Page, limit: number) {
  await admin.goto('/license/trial');
  await expect(admin.locator('#trialLimit')).not.toHaveValue('');
  await admin.locator('#trialLimit').fill(String(limit));
  expect(await submit(admin, admin.getByRole('button', { name: 'Save' }), TRIAL)).toBe(220000);
}

test('a new owner’s screen plays on a trial; past the limit the next one is told trials are exhausted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createOwner(request, 'trial');
  const stamp = Date.now().toString(36);
  await logIn(page, owner);
  await addScreen(page, browser, `Window ${stamp}`, '', text('en', 'device:add.trialGranted'));
  await page.goto('/license/trial');
  await expect(page.getByRole('row').filter({ hasText: `Window ${stamp}` })).toBeVisible();
  await expect(page.getByText('1 of 10')).toBeVisible();
  await shot(page, 'license-trial', 'owner-on-trial');

  // The platform lowers the limit to the one trial the company used.
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, ADMIN);
  await setLimit(admin, 1);
  await admin.locator('#trial-usage-search').fill(owner.company);
  await admin.locator('#trial-usage-search').press('Enter');
  await expect(admin.getByRole('row').filter({ hasText: owner.company })).toContainText('1 of 1');
  await shot(admin, 'license-trial', 'platform-terms');

  try {
    await addScreen(page, browser, `Counter ${stamp}`, '', text('en', 'device:add.trialsExhausted'));
    await page.goto('/license/trial');
    await expect(page.getByText('Trials exhausted', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bind a license' })).toHaveAttribute(
      'href',
      '/license/commercial-owner',
    );
    await shot(page, 'license-trial', 'owner-exhausted');

    await page.goto('/license/trial?language=ar');
    await expect(page.getByText(text('ar', 'license:trial.exhausted'), { exact: true })).toBeVisible();
    await shot(page, 'license-trial', 'owner-exhausted-ar');

    const phone = await (await browser.newContext({ ...PHONE })).newPage();
    await logIn(phone, owner);
    await phone.goto('/license/trial');
    await expect(phone.getByText('Trials exhausted', { exact: true })).toBeVisible();
    await fitsThePhone(phone);
    await shot(phone, 'license-trial', 'owner-exhausted-phone');
  } finally {
    await setLimit(admin, 10);
  }
});
