import { expect, latestMail, test } from './support';
import { fillLogin, mailedLink, newAccount, shot, submit, text } from './support/journey';

// A new company owner: registers, reads the activation mail on the real SMTP server, opens its
// link, and logs in.
test('register → activation mail → activate → log in', async ({ page }) => {
  const owner = newAccount('register');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await shot(page, 'register', '1-form');

  // The rules speak before the server is asked.
  await page.locator('#register').click();
  await expect(page.getByText('Please input the email')).toBeVisible();
  await page.locator('#email').fill('not-an-email');
  await expect(page.getByText('Please input the correct email format')).toBeVisible();
  await page.locator('#password').fill('short');
  await expect(page.getByText('Passwords should be 8 or more characters in length')).toBeVisible();
  await shot(page, 'register', '2-rules');

  await page.locator('#email').fill(owner.email);
  await page.locator('#username').fill(owner.username);
  await page.locator('#company_name').fill(owner.company);
  await page.locator('#password').fill(owner.password);
  await page.locator('#confirm_password').fill(owner.password);
  await page.locator('#accept_terms').check();
  const sent = Date.now();
  expect(await submit(page, page.locator('#register'), '/account/register')).toBe(220000);
  await expect(page.getByText('Check your mailbox')).toBeVisible();
  await expect(page.getByText(`We have sent an activation link to ${owner.email}`)).toBeVisible();
  await shot(page, 'register', '3-mail-sent');

  // Not active yet: the login is refused with the server's reason.
  await page.getByRole('button', { name: 'Back to login' }).click();
  await fillLogin(page, owner.email, owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(403004);
  await expect(page.getByRole('alert').filter({ hasText: text('en', 'contract:code.403004') })).toBeVisible();
  await shot(page, 'register', '4-not-active');

  const mail = await latestMail(owner.email, { after: sent });
  const link = mailedLink(mail, '/register/active');
  expect(link.searchParams.get('code')).toBeTruthy();

  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your account is activated')).toBeVisible();
  await expect(page.getByText(`${owner.email} can now log in.`)).toBeVisible();
  await shot(page, 'register', '5-activated');

  await page.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, owner.email, owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.username}` })).toBeVisible();
  const item = (label: string) => page.locator('.ant-descriptions-item').filter({ hasText: label });
  await expect(item('Company')).toContainText(owner.company);
  await expect(item('Role')).toContainText(text('en', 'contract:role.owner'));
  await shot(page, 'register', '6-home');

  // The link is spent: opening it again says so in the spec's words.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Invalid link, please check the link again.')).toBeVisible();
  await shot(page, 'register', '7-link-spent');
});
