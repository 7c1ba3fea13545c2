import { ADMIN, expect, latestMail, test } from './support';
import { ENV_SMTP_URL } from './support/env';
import { createOwner, logIn, mailedLink, nextAnswer, PHONE, shot, submit, text } from './support/journey';

// The mail settings of the system role: the mail server set to the journeys' SMTP peer and a test
// mail read in the mailbox; the German password-reset mail edited, previewed, and received so by
// a German user. Each test puts the platform back as it found it (other journeys share it).

const smtp = new URL(process.env[ENV_SMTP_URL] ?? 'smtp://127.0.0.1:25');

test('the system role saves the mail server and a test mail arrives', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/setting/mail-index');
  await expect(page.getByRole('heading', { name: 'Email templates', level: 4 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'License email' })).toBeVisible();
  await shot(page, 'settings-mail', '1-templates');

  await page.getByRole('button', { name: 'Mail server' }).click();
  await expect(page).toHaveURL(/\/setting\/mailserver$/);
  await expect(
    page.getByText('No mail server is saved: mail goes through the server set with SMTP_URL.'),
  ).toBeVisible();
  await page.getByLabel('SMTP host').fill(smtp.hostname);
  await page.getByText('None', { exact: true }).click();
  await page.getByLabel('Port').fill(smtp.port);
  await page.getByLabel('Sender address').fill('screens@vitrine.test');
  await page.getByLabel('Sender name').fill('Vitrine Journeys');
  expect(await submit(page, page.getByRole('button', { name: 'Save' }), '/manager/sys/mail/server')).toBe(
    220000,
  );
  await expect(page.getByText('Mail is sent through this server.')).toBeVisible();

  const sent = Date.now();
  const answer = nextAnswer(page, '/manager/sys/mail/server/test');
  await page.getByRole('button', { name: 'Send test mail' }).click();
  expect(await answer).toBe(220000);
  // The address is isolated left to right inside the sentence.
  const result = page.getByRole('status');
  await expect(result).toContainText(`The server accepted the mail to \u2066${ADMIN.email}\u2069`);
  await expect(result.getByText(/^250 /)).toBeVisible();
  const mail = await latestMail(ADMIN.email, { after: sent });
  expect(mail.subject).toBe('Vitrine test mail');
  await shot(page, 'settings-mail', '2-server-tested');

  // Arabic, right to left, the address isolated; then at phone width.
  await page.goto('/setting/mailserver?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(text('ar', 'mail:server.inUse'))).toBeVisible();
  await shot(page, 'settings-mail', '3-server-ar');
  await page.goto('/setting/mailserver?language=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.setViewportSize(PHONE.viewport);
  await expect(page.getByText('Mail is sent through this server.')).toBeVisible();
  await shot(page, 'settings-mail', '4-server-phone');

  // Back to SMTP_URL for the journeys after this one.
  await page.getByRole('button', { name: 'Remove mail server' }).click();
  const removed = nextAnswer(page, '/manager/sys/mail/server');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove mail server' }).click();
  expect(await removed).toBe(220000);
  await expect(
    page.getByText('No mail server is saved: mail goes through the server set with SMTP_URL.'),
  ).toBeVisible();
});

test('the German reset mail, edited and previewed, reaches a German user', async ({ page, request }) => {
  const german = await createOwner(request, 'mail-de');
  const login = await request.post('/backend/account/login', {
    data: { email: german.email, password: german.password, accept_terms: true },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const language = await request.post('/backend/manager/sys/language', {
    data: { language: 'de' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await language.json()).toMatchObject({ code: 220000 });

  await logIn(page, ADMIN);
  await page.goto('/setting/mail-index/reset-pwd?lang=de');
  await expect(page.getByRole('heading', { name: 'Password reset email', level: 4 })).toBeVisible();
  const subject = page.getByLabel('Subject');
  await expect(subject).toHaveValue('Setzen Sie Ihr Vitrine-Passwort zurück');
  await subject.fill('Neues Passwort für {{username}}');
  const body = page.getByLabel('Body (HTML)');
  await body.fill(
    '<p>Hallo !</p>\n<p><a href="{{link}}">Neues Passwort wählen</a>, gültig {{hours}} Stunden.</p>',
  );
  // The variable goes where the cursor is: after "Hallo ".
  await body.evaluate((area: HTMLTextAreaElement) => {
    area.focus();
    area.setSelectionRange(9, 9);
  });
  await page.getByRole('button', { name: '{{username}}' }).click();
  await expect(body).toHaveValue(
    '<p>Hallo {{username}}!</p>\n<p><a href="{{link}}">Neues Passwort wählen</a>, gültig {{hours}} Stunden.</p>',
  );
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByText('Hallo Eve Martin!')).toBeVisible();
  await expect(page.getByText('Neues Passwort für Eve Martin')).toBeVisible();
  await shot(page, 'settings-mail', '5-editor');

  // Unsafe HTML is refused with what was found, and nothing is saved.
  await body.fill('<p onclick="alert(1)">Hallo</p>');
  await expect(
    page.getByText('The mail’s HTML contains onclick, which is not allowed in mail'),
  ).toBeVisible();
  await body.fill(
    '<p>Hallo {{username}}!</p>\n<p><a href="{{link}}">Neues Passwort wählen</a>, gültig {{hours}} Stunden.</p>',
  );
  expect(
    await submit(page, page.getByRole('button', { name: 'Save' }), '/manager/sys/mail/template/reset-pwd/de'),
  ).toBe(220000);
  await expect(page.getByText(/^Edited /)).toBeVisible();

  const sent = Date.now();
  await request.post('/backend/account/forget-pwd', { data: { email: german.email } });
  const mail = await latestMail(german.email, { after: sent });
  expect(mail.subject).toBe(`Neues Passwort für ${german.username}`);
  expect(mail.text).toContain(`Hallo ${german.username}!`);
  expect(mailedLink(mail, '/forget').searchParams.get('code')).toBeTruthy();

  await page.goto('/setting/mail-index/reset-pwd?lang=de&language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.frameLocator('iframe').getByText('Hallo Eve Martin!')).toBeVisible();
  await shot(page, 'settings-mail', '6-editor-ar');
  await page.goto('/setting/mail-index?language=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.setViewportSize(PHONE.viewport);
  await expect(page.getByText('Edited in 1 of 9 languages')).toBeVisible();
  await shot(page, 'settings-mail', '7-templates-phone');

  // Back to the shipped text for the journeys after this one.
  await page.goto('/setting/mail-index/reset-pwd?lang=de');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const reset = nextAnswer(page, '/manager/sys/mail/template/reset-pwd/de');
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to default' }).click();
  expect(await reset).toBe(220000);
  await expect(page.getByLabel('Subject')).toHaveValue('Setzen Sie Ihr Vitrine-Passwort zurück');
  await expect(page.frameLocator('iframe[title="Preview"]').getByText('Hallo Eve Martin,')).toBeVisible();
  await shot(page, 'settings-mail', '8-editor-phone');
});
