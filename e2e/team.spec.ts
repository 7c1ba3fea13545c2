import type { Browser, Page } from '@playwright/test';
import { ADMIN, baseUrl, expect, latestMail, test } from './support';
import { logIn, mailedLink, PASSWORD, PHONE, pickOption, shot, submit, uniqueEmail } from './support/journey';

// The team area from the platform down: the system admin adds a customer (SI), the customer a
// company with its owner, the owner workspaces and members; each invite comes by real mail and
// each person sees only their menu. Finally the owner disables a user, who is signed out.

const ACCOUNT = '/manager/account';

/** A fresh browser of its own (one person each), at `options`' size. */
async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

/** Opens the invite mailed to `email` after `sent`, sets the password and goes to the login. */
async function activate(page: Page, email: string, sent: number) {
  const link = mailedLink(await latestMail(email, { after: sent }), '/user/active');
  await page.goto(link.pathname + link.search);
  await expect(page.locator('#email')).toHaveValue(email);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#confirm_password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Your account is active')).toBeVisible();
  await page.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Picks `option` in the antd select whose input is `#id`. */
async function pick(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await pickOption(page, option);
}

const menu = (page: Page, name: string) =>
  page
    .getByRole('complementary')
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${name}$`) });

test('customer → company → owner → workspaces → members, each with only their menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const customer = { email: uniqueEmail('team-si'), name: `SI ${stamp}`, username: 'si admin' };
  const owner = { email: uniqueEmail('team-owner'), username: 'team owner', company: `Team Co ${stamp}` };
  const admin = { email: uniqueEmail('team-uadmin'), username: 'user admin one' };
  const user = { email: uniqueEmail('team-user'), username: 'plain user one' };

  // The system admin adds the customer through the drawer.
  await logIn(page, ADMIN);
  await page.goto('/user/customer-list');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await page.locator('#customerForm_customer_name').fill(customer.name);
  await page.locator('#customerForm_client_type').fill('Integrator');
  await page.locator('#customerForm_email').fill(customer.email);
  await page.locator('#customerForm_username').fill(customer.username);
  let sent = Date.now();
  expect(await submit(page, page.locator('#customerFormSubmit'), `${ACCOUNT}/customer`)).toBe(220000);
  await expect(page.getByRole('row').filter({ hasText: customer.name })).toContainText(customer.email);
  await shot(page, 'team', '1-customer-list');

  await page.goto('/setting/permission');
  await expect(page.getByText('Changes reach users who are signed in at their next request.')).toBeVisible();
  // Each key by its name, the key small beneath; keys that open no page are left out (the console's
  // PermissionPage test checks which), the upgrade list, its history and the OTA key pages are in
  // now that they are pages.
  const matrix = page.getByRole('tabpanel');
  await expect(matrix.locator('label').filter({ hasText: 'team:user:list' })).toContainText('manage member');
  for (const key of [
    'device:ota:list',
    'setting:ota-history',
    'ota:appkey:list',
    'ota:custom-validation-rule:list',
    'ota:device-key:list',
  ]) {
    await expect(matrix.locator('label').filter({ hasText: key })).toBeVisible();
  }
  await shot(page, 'team', '2-permission-matrix');

  // The system account's home leads only to pages it may open (it holds no device list).
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Where would you like to go?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the screens' })).toHaveCount(0);
  const targets = await page
    .locator('.home a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(targets.length).toBeGreaterThan(0);
  for (const target of targets) {
    await page.goto(target);
    await expect(page.locator('.shell-header__title')).not.toBeEmpty();
    expect(new URL(page.url()).pathname, target).not.toBe('/404');
  }

  // The customer activates from the mail and adds a company with its owner.
  const si = await person(browser);
  await activate(si, customer.email, sent);
  await logIn(si, { email: customer.email, password: PASSWORD });
  await expect(menu(si, 'Team')).toBeVisible();
  await si.goto('/user/company');
  await si.getByRole('button', { name: 'Add company' }).click();
  await expect(si).toHaveURL(/\/company\/add$/);
  await si.locator('#company_name').fill(owner.company);
  await si.locator('#owner_email').fill(owner.email);
  await si.locator('#owner_username').fill(owner.username);
  sent = Date.now();
  const create = si.getByRole('button', { name: 'Create and invite the owner' });
  expect(await submit(si, create, `${ACCOUNT}/group`)).toBe(220000);
  await expect(si).toHaveURL(/\/user\/company/);
  await expect(si.getByRole('row').filter({ hasText: owner.company })).toContainText(owner.email);
  await shot(si, 'team', '3-company-list');

  // The owner activates, then makes two workspaces under the company's root.
  const boss = await person(browser);
  await activate(boss, owner.email, sent);
  await logIn(boss, { email: owner.email, password: PASSWORD });
  await boss.goto('/setting/workspace-list');
  const tree = boss.locator('.ant-tree');
  await expect(tree.getByText(owner.company, { exact: true })).toBeVisible();
  for (const name of ['North hall', 'South hall']) {
    await boss.getByRole('button', { name: 'Add sub-workspace' }).click();
    await boss.locator('#nameDialog_name').fill(name);
    const save = boss.getByRole('dialog').getByRole('button', { name: 'Save' });
    expect(await submit(boss, save, `${ACCOUNT}/workspace`)).toBe(220000);
    await expect(tree.getByText(name, { exact: true })).toBeVisible();
  }
  await shot(boss, 'team', '4-workspace-tree');

  // The owner invites a user admin and a user from the member list's drawer.
  await boss.goto('/user/list');
  const members = [
    { ...admin, role: 'User admin', workspace: 'North hall' },
    { ...user, role: 'User', workspace: 'South hall' },
  ];
  const sentAt: number[] = [];
  for (const member of members) {
    await boss.getByRole('button', { name: 'Add member' }).click();
    await expect(boss.getByRole('dialog', { name: 'Add a member' })).toBeVisible();
    await boss.locator('#userForm_email').fill(member.email);
    await boss.locator('#userForm_username').fill(member.username);
    await pick(boss, 'userForm_role_id', member.role);
    await pick(boss, 'userForm_group_id', member.workspace);
    if (member === members[1]) await shot(boss, 'team', '5-user-add-drawer', { overlay: true });
    sentAt.push(Date.now());
    expect(await submit(boss, boss.locator('#userFormSubmit'), `${ACCOUNT}/user`)).toBe(220000);
    await expect(boss.getByRole('row').filter({ hasText: member.email })).toBeVisible();
    // The next member goes in a new drawer, not in this one while it closes.
    await expect(boss.getByRole('dialog', { name: 'Add a member' })).toBeHidden();
  }
  await shot(boss, 'team', '6-user-list');

  // Inside a company the groups tab and its page say the same: User groups.
  await boss.getByRole('tab', { name: 'User groups' }).click();
  await expect(boss).toHaveURL(/\/user\/company$/);
  await expect(boss.locator('.shell-header__title')).toHaveText('User groups');
  await expect(boss.getByRole('heading', { level: 4, name: 'User groups' })).toBeVisible();
  await expect(boss.getByRole('tab', { name: 'Companies' })).toHaveCount(0);
  await boss.goto('/user/list');

  // Each activates and sees only their menu.
  const lead = await person(browser);
  await activate(lead, admin.email, sentAt[0]);
  await logIn(lead, { email: admin.email, password: PASSWORD });
  await expect(menu(lead, 'Team')).toBeVisible();
  await expect(menu(lead, 'Settings')).toBeVisible();
  await expect(menu(lead, 'OTA upgrade')).toHaveCount(0);

  const member = await person(browser);
  await activate(member, user.email, sentAt[1]);
  await logIn(member, { email: user.email, password: PASSWORD });
  await expect(menu(member, 'Home')).toBeVisible();
  await expect(menu(member, 'Team')).toHaveCount(0);
  await expect(menu(member, 'Settings')).toHaveCount(0);
  await shot(member, 'team', '7-user-home');

  // A forbidden call straight to the API is refused with 403001.
  const token = await member.evaluate(() => localStorage.getItem('token'));
  const refused = await member.request.get(`/backend${ACCOUNT}/customer`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 403001 });

  // The owner disables the user; the user's next step lands on the login page.
  await boss.getByRole('row').filter({ hasText: user.email }).getByRole('checkbox').check();
  await boss.getByRole('button', { name: 'Disable', exact: true }).click();
  const confirm = boss.getByRole('dialog').filter({ hasText: 'Disable these accounts?' });
  await expect(confirm).toBeVisible();
  expect(await submit(boss, confirm.getByRole('button', { name: 'Disable' }), `${ACCOUNT}/user/toggle`)).toBe(
    220000,
  );
  await expect(boss.getByRole('row').filter({ hasText: user.email })).toContainText('Disabled');
  await member.reload();
  await expect(member).toHaveURL(/\/login/);

  // Arabic and phone views of the owner's member list.
  const arabic = await person(browser);
  await logIn(arabic, { email: owner.email, password: PASSWORD });
  await arabic.goto('/user/list?language=ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('row').filter({ hasText: user.email })).toBeVisible({ timeout: 30_000 });
  await shot(arabic, 'team', '8-user-list-ar');
  const phone = await person(browser, PHONE);
  await logIn(phone, { email: owner.email, password: PASSWORD });
  await phone.goto('/user/list');
  await expect(phone.getByText(user.email).first()).toBeVisible({ timeout: 30_000 });
  await shot(phone, 'team', '9-user-list-phone');

  for (const other of [si, boss, lead, member, arabic, phone]) await other.context().close();
});
