import { LANGUAGES, MAIL_TEMPLATE_TYPES } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailTemplates, settings } from '../db/schema';
import { buildTestApp } from '../test/app';
import { clearOutbox, parseMail, readOutbox } from '../test/outbox';
import { closedPort, startSmtp } from '../test/smtp';
import type { MailRequest, MailTemplateType } from './mail';

const invite = (language: MailRequest['language'], to = 'eve@example.com'): MailRequest => ({
  to,
  template: 'invite',
  language,
  vars: { username: 'Eve <b>& co</b>', link: 'http://vitrine.test/register/active?code=abc123' },
});

const VARS = {
  username: 'Eve',
  link: 'http://vitrine.test/x?code=1',
  time: '2 Jan 2025, 10:00 UTC',
  ip: '203.0.113.9',
  user_agent: 'Firefox/140.0',
  minutes: '30',
  device_name: 'Lobby screen',
  signage_id: 'K7M2QX',
  status: 'Offline',
  company: 'Acme Retail',
  licence_count: '25',
  expiry_date: '31 Jan 2026',
};
/** The variables each template is documented to show (common brief: mail and jobs interface). */
const TEMPLATE_VARS: Record<MailTemplateType, (keyof typeof VARS)[]> = {
  invite: ['username', 'link'],
  license: ['username', 'company', 'licence_count', 'expiry_date', 'link'],
  'reset-pwd': ['username', 'link'],
  'changed-pwd': ['username', 'time', 'ip'],
  'remote-login': ['username', 'time', 'ip', 'user_agent'],
  'login-error': ['username', 'time', 'ip', 'link', 'minutes'],
  'device-status': ['username', 'device_name', 'signage_id', 'status', 'time', 'link'],
  'schedule-empty': ['username', 'device_name', 'signage_id', 'link'],
};

const mailTo = (to: string) => {
  const found = readOutbox(app).filter((mail) => mail.to === to);
  expect(found).toHaveLength(1);
  return found[0];
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
beforeEach(async () => {
  clearOutbox(app);
  await app.db.delete(jobs);
});

describe('Mailer without SMTP: the outbox', () => {
  it('writes the mail in the recipient language, variables escaped in HTML only', async () => {
    await app.mail.enqueue(invite('de'));
    expect(readOutbox(app)).toEqual([]);
    expect(await app.jobs.runDue()).toBe(1);

    const [mail] = readOutbox(app);
    expect(mail.to).toBe('eve@example.com');
    expect(mail.subject).toBe('Aktivieren Sie Ihr Vitrine-Konto');
    expect(mail.text).toContain('Hallo Eve <b>& co</b>,');
    expect(mail.text).toContain('http://vitrine.test/register/active?code=abc123');
    expect(mail.text).toContain('72 Stunden');
    expect(mail.html).toContain('Hallo Eve &lt;b&gt;&amp; co&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>&');
    expect(mail.html).toContain('href="http://vitrine.test/register/active?code=abc123"');
    expect(mail.html).toContain('lang="de" dir="ltr"');
  });

  it('writes Arabic right to left and falls back to English for an unknown language', async () => {
    await app.mail.enqueue(invite('ar', 'arabic@example.com'));
    await app.mail.enqueue({
      ...invite('en', 'fallback@example.com'),
      language: 'xx' as MailRequest['language'],
    });
    await app.jobs.runDue();
    const arabic = mailTo('arabic@example.com');
    const fallback = mailTo('fallback@example.com');
    expect(arabic.subject).toBe('فعّل حسابك في Vitrine');
    expect(arabic.html).toContain('dir="rtl"');
    expect(fallback.subject).toBe('Activate your Vitrine account');
  });

  it('uses an edited template from the database over the shipped one', async () => {
    await app.db.insert(mailTemplates).values({
      type: 'invite',
      language: 'fr',
      subject: 'Bienvenue {{username}}',
      body: '<p>Cliquez <a href="{{link}}">ici</a> pour activer.</p>',
    });
    await app.mail.enqueue(invite('fr', 'french@example.com'));
    await app.mail.enqueue(invite('it', 'italian@example.com'));
    await app.jobs.runDue();
    await app.db.delete(mailTemplates);

    const french = mailTo('french@example.com');
    const italian = mailTo('italian@example.com');
    expect(french.subject).toBe('Bienvenue Eve <b>& co</b>');
    expect(french.html).toContain('<a href="http://vitrine.test/register/active?code=abc123">ici</a>');
    expect(french.text).toContain(
      'Cliquez ici (http://vitrine.test/register/active?code=abc123) pour activer.',
    );
    expect(italian.subject).toBe('Attiva il tuo account Vitrine');
  });

  it('sends only the mails of a committed transaction', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.mail.enqueue(invite('en', 'gone@example.com'), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await app.db.transaction(async (tx) => {
      await app.mail.enqueue(invite('en', 'kept@example.com'), tx);
    });
    await app.jobs.runDue();
    expect(readOutbox(app).map((mail) => mail.to)).toEqual(['kept@example.com']);
  });

  it('has every template in every language, translated, showing each of its variables', async () => {
    for (const type of MAIL_TEMPLATE_TYPES) {
      const english = await app.mail.render({ template: type, language: 'en', vars: VARS });
      for (const language of LANGUAGES) {
        const where = `${type} in ${language}`;
        const mail = await app.mail.render({ template: type, language, vars: VARS });
        expect(`${mail.subject}${mail.html}${mail.text}`, where).not.toMatch(/\{\{|\}\}/);
        for (const name of TEMPLATE_VARS[type]) expect(mail.text, `${where}: ${name}`).toContain(VARS[name]);
        if (language === 'en') continue;
        expect(mail.subject, where).not.toBe(english.subject);
        expect(mail.text, where).not.toBe(english.text);
      }
    }
  });
});

describe('Mailer with SMTP', () => {
  // SMTP_URL is read when a mail is sent, so one app can try each configuration.
  const withSmtpUrl = async (url: string, run: () => Promise<void>) => {
    app.config.smtpUrl = url;
    try {
      await run();
    } finally {
      app.config.smtpUrl = undefined;
    }
  };

  it('delivers through SMTP_URL to a real SMTP server', async () => {
    const smtp = await startSmtp();
    await withSmtpUrl(`smtp://127.0.0.1:${smtp.port}`, async () => {
      await app.mail.enqueue({ ...invite('zh-CN'), to: 'li@example.com' });
      expect(await app.jobs.runDue()).toBe(1);
    });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.to).toEqual(['li@example.com']);
    expect(message.from).toBe('no-reply@localhost');
    const mail = parseMail(message.raw);
    expect(mail.subject).toBe('激活您的 Vitrine 账户');
    expect(mail.text).toContain('http://vitrine.test/register/active?code=abc123');
    expect(message.raw).toMatch(/^From: Vitrine <no-reply@localhost>$/m);
    expect(readOutbox(app)).toEqual([]);
  });

  it('delivers through the mail server saved in settings, with its sender', async () => {
    const smtp = await startSmtp();
    await app.db.insert(settings).values({
      scope: 'system',
      scopeId: 0,
      key: 'mail_server',
      value: {
        host: '127.0.0.1',
        port: smtp.port,
        from_address: 'screens@acme.example',
        from_name: 'Acme Screens',
        ssl: false,
      },
    });
    try {
      await app.mail.enqueue(invite('pt', 'ana@example.com'));
      await app.jobs.runDue();
    } finally {
      await app.db.delete(settings);
    }

    expect(smtp.received.map((message) => message.to)).toEqual([['ana@example.com']]);
    expect(smtp.received[0].from).toBe('screens@acme.example');
    expect(smtp.received[0].raw).toMatch(/^From: Acme Screens <screens@acme.example>$/m);
    expect(parseMail(smtp.received[0].raw).subject).toBe('Ative sua conta Vitrine');
    expect(readOutbox(app)).toEqual([]);
  });

  it('retries later when the SMTP server cannot be reached', async () => {
    const port = await closedPort();

    await withSmtpUrl(`smtp://127.0.0.1:${port}`, async () => {
      await app.mail.enqueue(invite('en'));
      expect(await app.jobs.runDue()).toBe(1);
    });

    const [job] = await app.db.select().from(jobs).where(eq(jobs.type, 'mail'));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 5 });
    expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 5000);
    expect(readOutbox(app)).toEqual([]);
  });
});
