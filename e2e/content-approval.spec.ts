import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, latestMail, test } from './support';
import {
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  mailedLink,
  PASSWORD,
  PHONE,
  person,
  sameUser,
  shot,
  text,
  uploadContent,
} from './support/journey';

// Content approval (spec 001 §4, issue 27): while the company's approval is on, a picture a member
// (role user) uploads waits. The owner opens it from the approval list's content tab (it turns
// "Reviewing", by the owner), rejects it with a reason; the member sees that reason in the
// library, renames the picture and submits it again; the owner approves it. Until then a schedule
// with it is refused with the spec's message; afterwards it is accepted. English, Arabic, phone.

const PICTURE = 'spring-offer.png';
const RENAMED = 'Spring offer – large print.png';
const REASON = 'The price is missing';
const member = { email: `approval-${Date.now().toString(36)}@vitrine.test`, username: 'Maya Member' };

const token = (page: Page) =>
  page.evaluate(() => (localStorage.getItem('token') ?? '').replace(/^"|"$/g, ''));

/** A call of the console's API as the user signed in on `page`; answers the envelope. */
async function call(
  page: Page,
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const response = await request.fetch(`/backend${url}`, {
    method,
    headers: { Authorization: `Bearer ${await token(page)}` },
    ...(data ? { data } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: never };
}

/** The rows of the approval list's content tab (not the preview's description rows). */
const approvals = (page: Page) => page.locator('.schedule-table').getByRole('row');
const card = (page: Page, name: string) => page.locator('.content-card').filter({ hasText: name });
const itemMenu = async (page: Page, name: string, action: string) => {
  await card(page, name)
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
};

test('a member’s picture waits for approval: reviewed, rejected with a reason, fixed, approved, then scheduled', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const dir = path.join(test.info().outputDir, 'files');
  fs.mkdirSync(dir, { recursive: true });
  const picture = path.join(dir, PICTURE);
  await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 220, g: 80, b: 40 } } })
    .png()
    .toFile(picture);

  // The owner, a screen, and a member invited as a user (what users upload waits for approval).
  const owner = await createOwner(request, 'approval');
  await logIn(page, owner);
  await addScreen(page, browser, 'Front window');
  const sent = Date.now();
  const groupId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}').group_id as number,
  );
  const invited = await call(page, request, 'POST', '/manager/account/user', {
    email: member.email,
    username: member.username,
    role_id: 4,
    group_id: groupId,
  });
  expect(invited.code, invited.msg).toBe(220000);
  const invite = mailedLink(await latestMail(member.email, { after: sent }), '/user/active');
  const activated = await request.post(`/backend/account/active/${invite.searchParams.get('code')}`, {
    data: { password: PASSWORD, confirm_password: PASSWORD },
  });
  expect((await activated.json()).code).toBe(220000);

  // The member uploads the picture: it waits.
  const maya = await person(browser);
  await logIn(maya, { email: member.email, password: PASSWORD });
  await uploadContent(maya, 'image', [picture]);
  await expect(card(maya, PICTURE)).toContainText('Pending approval');
  const items = await call(maya, request, 'GET', '/manager/resource?type=1&page_size=50');
  const item = (items.data as { list: { id: number; name: string }[] }).list.find(
    (row) => row.name === PICTURE,
  );
  expect(item, 'the uploaded picture').toBeTruthy();
  const screens = await call(maya, request, 'GET', '/manager/device?page_size=50');
  const deviceIds = (screens.data as { list: { device_id: number }[] }).list.map((row) => row.device_id);
  const schedule = (name: string) =>
    call(maya, request, 'POST', '/manager/schedule', {
      name,
      type: 'standard',
      device_ids: deviceIds,
      items: [{ content_id: item?.id, duration: 10 }],
      start_date: new Date().toISOString().slice(0, 10),
      end_date: '2099-12-31',
      frames: [{ start: '00:00', end: '23:59', rrule: 'FREQ=DAILY' }],
      submit: true,
    });
  const refused = await schedule('Too early');
  expect(refused.code).toBe(400001);
  expect(refused.msg).toBe(text('en', 'contract:content.notApproved', { name: PICTURE }));

  // The owner opens it from the approval list's content tab: it is being reviewed, by the owner.
  await page.goto('/schedule/audit?tab=content');
  const row = approvals(page).filter({ hasText: PICTURE });
  await expect(row).toContainText('Pending approval', { timeout: 30_000 });
  await row.getByRole('button', { name: `Review ${PICTURE}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(row).toContainText('Reviewing');
  await shot(page, 'content-approval', 'reviewing', { overlay: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await maya.reload();
  await expect(card(maya, PICTURE)).toContainText(`Reviewed by ${owner.username}`);

  // Rejected with a reason, which the member reads in the library.
  await row.getByRole('button', { name: `Reject ${PICTURE}` }).click();
  const reject = page.getByRole('dialog', { name: `Reject “${PICTURE}”` });
  await reject.getByLabel('Reason for the rejection').fill(REASON);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(row).toBeHidden();
  await maya.reload();
  await expect(card(maya, PICTURE)).toContainText('Rejected');
  await expect(card(maya, PICTURE)).toContainText(`Reason: ${REASON}`);
  await shot(maya, 'content-approval', 'rejected');

  // The member renames it and submits it again.
  await itemMenu(maya, PICTURE, 'Rename');
  const rename = maya.getByRole('dialog', { name: 'Rename' });
  await rename.getByLabel('Name').fill(RENAMED);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(card(maya, RENAMED)).toContainText('Rejected');
  await itemMenu(maya, RENAMED, 'Submit for approval');
  await expect(card(maya, RENAMED)).toContainText('Pending approval');
  expect((await schedule('Still too early')).code).toBe(400001);

  // The owner approves it; now it can be scheduled.
  await page.reload();
  const again = approvals(page).filter({ hasText: RENAMED });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await again.getByRole('button', { name: `Approve ${RENAMED}` }).click();
  const approve = page.getByRole('dialog').filter({ hasText: `Approve “${RENAMED}”?` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(again).toBeHidden();
  await maya.reload();
  // Approved content carries no approval tag in the library any more.
  await expect(card(maya, RENAMED)).not.toContainText('Pending approval');
  await expect(card(maya, RENAMED)).not.toContainText('Rejected');
  const accepted = await schedule('Spring offer');
  expect(accepted.code, accepted.msg).toBe(220000);
  await shot(maya, 'content-approval', 'approved');

  // Arabic: the reason of a rejection, in the member's library, in Arabic.
  const second = path.join(dir, 'summer-offer.png');
  await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 40, g: 120, b: 220 } } })
    .png()
    .toFile(second);
  await uploadContent(maya, 'image', [second]);
  await page.goto('/schedule/audit?tab=content&language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicRow = approvals(page).filter({ hasText: 'summer-offer.png' });
  await expect(arabicRow).toBeVisible({ timeout: 30_000 });
  await shot(page, 'content-approval', 'list-ar');
  await arabicRow
    .getByRole('button', { name: text('ar', 'schedule:action.rejectNamed', { name: 'summer-offer.png' }) })
    .click();
  const arabicReject = page.getByRole('dialog');
  await arabicReject.getByRole('textbox').fill('السعر غير موجود');
  await arabicReject.getByRole('button', { name: text('ar', 'schedule:action.reject') }).click();
  await expect(arabicRow).toBeHidden();
  await page.goto('/schedule/audit?language=en');
  await maya.goto('/content/image?language=ar');
  await expect(card(maya, 'summer-offer.png')).toContainText(text('ar', 'content:approval.rejected'));
  await expect(card(maya, 'summer-offer.png')).toContainText('السعر غير موجود');
  await shot(maya, 'content-approval', 'rejected-ar');
  await maya.goto('/content/image?language=en');
  await expect(maya.locator('html')).toHaveAttribute('dir', 'ltr');

  // A phone: the member's library with the reason.
  const phone = await sameUser(maya, PHONE);
  await phone.goto('/content/image');
  await expect(card(phone, 'summer-offer.png')).toContainText('Reason: السعر غير موجود');
  await fitsThePhone(phone);
  await shot(phone, 'content-approval', 'rejected-phone');
});
