import { expect, latestMail, test } from './support';
import { createOwner, fillLogin, logIn, mailedLink, shot, submit, text } from './support/journey';

// Logging in: the guard's redirects, the terms, a wrong password, the lock after five of them
// with its unlock mail read from the real SMTP server, the 404 page once logged in, and a user
// whose permissions leave out the home page.

test('a visitor is sent to the login page from every non-public path', async ({ page }) => {
  for (const path of ['/', '/home', '/profile/info', '/nope']) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/login$/);
  }
  // A visitor on the not-found page itself goes to log in too.
  await page.goto('/404');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('#email')).toBeVisible();
  await expect(page.locator('#password')).toBeVisible();
  await expect(page.locator('#login')).toBeVisible();
  await shot(page, 'login', '1-form');
});

test('wrong passwords lock the account; the mailed link unlocks it; then a 404 and home', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'lock');
  await page.goto('/login');

  // Without the terms ticked the form does not even ask the server.
  await fillLogin(page, owner.email, owner.password, { terms: false });
  let asked = false;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/backend/account/login')) asked = true;
  });
  await page.locator('#login').click();
  await expect(page.getByText(text('en', 'contract:validation.terms.required'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(asked).toBe(false);
  await shot(page, 'login', '2-terms-required');

  // A wrong password: the server's message.
  await page.locator('#accept_terms').check();
  await expect(page.getByText(text('en', 'contract:validation.terms.required'))).toBeHidden();
  await page.locator('#password').fill('Wrong-pass1!');
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(401001);
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  await shot(page, 'login', '3-wrong-password');

  // The fifth wrong password in a row locks the account and mails an unlock link.
  const lockedAt = Date.now();
  for (let attempt = 2; attempt <= 4; attempt++) {
    expect(await submit(page, page.locator('#login'), '/account/login'), `attempt ${attempt}`).toBe(401001);
  }
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(423001);
  const notice = page.getByRole('alert').filter({ hasText: 'This account is locked' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(owner.email);
  await expect(notice).toContainText('30 min');
  await expect(page.getByText('Incorrect email or password.')).toBeHidden();
  await shot(page, 'login', '4-locked');

  // Locked, even the right password is refused.
  await page.locator('#password').fill(owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(423001);
  await expect(page).toHaveURL(/\/login$/);

  const mail = await latestMail(owner.email, { after: lockedAt });
  const unlock = mailedLink(mail, '/login');
  expect(unlock.searchParams.get('unlock_code')).toBeTruthy();
  expect(mail.text).toContain('30');

  // The mail's link unlocks the account; the code leaves the address bar.
  await page.goto(unlock.pathname + unlock.search);
  await expect(page.getByText('Your account is unlocked. You can log in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'login', '5-unlocked');

  await fillLogin(page, owner.email, owner.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.username}` })).toBeVisible();
  await shot(page, 'login', '6-home');

  // Logged in, an unknown path shows the 404 page, which counts down to the homepage.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('The requested page could not be found.')).toBeVisible();
  await expect(page.getByText(/You will be taken to the homepage in [1-5] s\./)).toBeVisible();
  await shot(page, 'login', '7-not-found');
  // The countdown is the product's own 5 s timer.
  await expect(page.getByText('You will be taken to the homepage in 3 s.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${owner.username}` })).toBeVisible();
});

test('without the home permission, / opens the first page the user may open', async ({ page, request }) => {
  const owner = await createOwner(request, 'nohome');
  await logIn(page, owner);
  // A stored permission list is applied before navigating (spec 000 §2 "Guard behaviour").
  await page.evaluate(() => localStorage.setItem('auth', JSON.stringify(['profile:info'])));
  for (const path of ['/home', '/']) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/profile\/info$/);
    await expect(page.getByText(owner.email)).toBeVisible();
  }
});
