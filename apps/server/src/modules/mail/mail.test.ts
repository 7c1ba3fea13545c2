import { Writable } from 'node:stream';
import {
  LANGUAGES,
  MAIL_TEMPLATE_TYPES,
  MAIL_TEMPLATE_VARIABLES,
  mailOperations,
  Role,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailTemplates, settings } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { as, buildUser, loginAs } from '../../test/factories';
import { mailsTo } from '../../test/mailbox';
import { clearOutbox, parseMail, readOutbox } from '../../test/outbox';
import { closedPort, startSmtp } from '../../test/smtp';
import { buildCustomer, buildTenant, callAs } from '../../test/team-factories';

// The mail server and the templates through the real routes, against real SMTP servers.

const PASSWORD = 'Sm7p-very-secret-word';
const MAIL = '/backend/manager/sys/mail';

/** Every line the server logs, to look for the password in. */
const logLines: string[] = [];
/** Every answer the system role got, to look for the password in. */
const answers: string[] = [];

let app: FastifyInstance;
let admin: { email: string };
let callAdmin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildTestApp(
    { secretKey: 'a-test-secret-key', logLevel: 'trace' },
    { logger: { level: 'trace', stream } },
  );
  admin = await buildUser(app, { role: Role.system, companyId: null });
  const call = as(app, await loginAs(app, admin.email));
  callAdmin = async (options) => {
    const response = await call(options);
    answers.push(response.body);
    return response;
  };
  smtp = await startSmtp({ login: { user: 'vitrine', pass: PASSWORD } });
});

beforeEach(async () => {
  clearOutbox(app);
  smtp.received.length = 0;
  await app.db.delete(jobs);
});
afterEach(async () => {
  app.config.smtpUrl = undefined;
  await app.db.delete(settings).where(eq(settings.key, 'mail_server'));
  await app.db.delete(mailTemplates);
});

const serverFields = (port = smtp.port, password: string | undefined = PASSWORD) => ({
  host: '127.0.0.1',
  port,
  security: 'none' as const,
  user: 'vitrine',
  password,
  from_address: 'screens@acme.example',
  from_name: 'Acme Screens',
});

const saveServer = (payload: object) => callAdmin({ method: 'PUT', url: `${MAIL}/server`, payload });
const storedServer = async () =>
  (await app.db.select().from(settings).where(eq(settings.key, 'mail_server')))[0]?.value as
    | Record<string, unknown>
    | undefined;

describe('the mail server', () => {
  it('answers none saved, with SMTP_URL or the outbox as the fallback', async () => {
    const none = await callAdmin({ method: 'GET', url: `${MAIL}/server` });
    expect(none.json()).toMatchObject({ code: 220000, data: { server: null, fallback: 'outbox' } });
    app.config.smtpUrl = 'smtp://127.0.0.1:2525';
    const url = await callAdmin({ method: 'GET', url: `${MAIL}/server` });
    expect(url.json().data.fallback).toBe('smtp_url');
  });

  it('saves the server, seals the password and never answers it; an empty password keeps it', async () => {
    const saved = await saveServer(serverFields());
    expect(saved.json()).toMatchObject({
      code: 220000,
      data: {
        server: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'vitrine', password_set: true },
      },
    });
    expect(saved.json().data.server).not.toHaveProperty('password');
    const stored = await storedServer();
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored?.password).toMatch(/^aes-256-gcm:/);

    // Saved again without a password: the saved one stays and still logs in.
    const kept = await saveServer({ ...serverFields(), password: '', from_name: 'Acme' });
    expect(kept.json().data.server).toMatchObject({ password_set: true, from_name: 'Acme' });
    await app.mail.enqueue({ to: 'kim@example.com', template: 'invite', language: 'en', vars: {} });
    await app.jobs.runDue();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['kim@example.com']]);

    const removed = await saveServer({ ...serverFields(), password: undefined, remove_password: true });
    expect(removed.json().data.server.password_set).toBe(false);
    expect((await storedServer())?.password).toBeNull();
  });

  it('refuses bad settings with the message and keeps what was saved', async () => {
    await saveServer(serverFields());
    const before = await storedServer();
    for (const bad of [
      { ...serverFields(), port: 70000 },
      { ...serverFields(), host: 'smtp example.com' },
      { ...serverFields(), security: 'tls' },
      { ...serverFields(), from_address: 'not-an-address' },
      { port: 25 },
    ]) {
      const response = await saveServer(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe(400001);
    }
    expect(await storedServer()).toEqual(before);
  });

  it('sends through the saved server first, then SMTP_URL, then the outbox', async () => {
    const other = await startSmtp();
    app.config.smtpUrl = `smtp://127.0.0.1:${other.port}`;
    await saveServer(serverFields());
    const send = async (to: string) => {
      await app.mail.enqueue({ to, template: 'invite', language: 'en', vars: {} });
      expect(await app.jobs.runDue()).toBe(1);
    };

    await send('saved@example.com');
    expect(smtp.received.map((mail) => mail.to)).toEqual([['saved@example.com']]);
    expect(smtp.received[0].raw).toMatch(/^From: Acme Screens <screens@acme.example>$/m);
    expect(other.received).toEqual([]);

    const removed = await callAdmin({ method: 'DELETE', url: `${MAIL}/server` });
    expect(removed.json().data).toEqual({ server: null, fallback: 'smtp_url' });
    await send('url@example.com');
    expect(other.received.map((mail) => mail.to)).toEqual([['url@example.com']]);

    app.config.smtpUrl = undefined;
    await send('outbox@example.com');
    expect(readOutbox(app).map((mail) => mail.to)).toEqual(['outbox@example.com']);
  });

  it('test-sends to the caller through the saved server and answers the server’s accepted line', async () => {
    await saveServer(serverFields());
    const response = await callAdmin({ method: 'POST', url: `${MAIL}/server/test`, payload: {} });
    expect(response.json()).toMatchObject({
      code: 220000,
      data: { ok: true, via: 'server', to: admin.email, error_code: null },
    });
    expect(response.json().data.response).toMatch(/^250 /);
    expect(smtp.received.map((mail) => mail.to)).toEqual([[admin.email]]);
    expect(parseMail(smtp.received[0].raw).subject).toBe('Vitrine test mail');
  });

  it('reports a failed login and a refused connection as data, and saves nothing', async () => {
    await saveServer(serverFields());
    const before = await storedServer();
    const test = (server: object) =>
      callAdmin({ method: 'POST', url: `${MAIL}/server/test`, payload: { to: 'ops@example.com', server } });

    const wrong = await test(serverFields(smtp.port, 'wrong-password'));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toMatchObject({ ok: false, via: 'server', error_code: 'EAUTH' });
    expect(wrong.json().data.response).toMatch(/535.*Authentication credentials invalid/);

    const refused = await test(serverFields(await closedPort()));
    expect(refused.json().data).toMatchObject({ ok: false, via: 'server' });
    expect(refused.json().data.response).toMatch(/ECONNREFUSED/);
    expect(refused.json().data.error_code).toMatch(/ESOCKET|ECONNECTION|ECONNREFUSED/);

    // The settings on screen without a password borrow the saved one.
    const borrowed = await test(serverFields(smtp.port, ''));
    expect(borrowed.json().data).toMatchObject({ ok: true, to: 'ops@example.com' });
    expect(await storedServer()).toEqual(before);
  });

  it('test-sends to the outbox when no server is set', async () => {
    const response = await callAdmin({
      method: 'POST',
      url: `${MAIL}/server/test`,
      payload: { to: 'x@example.com' },
    });
    expect(response.json().data).toMatchObject({ ok: true, via: 'outbox', to: 'x@example.com' });
    expect(readOutbox(app).map((mail) => mail.to)).toEqual(['x@example.com']);
  });
});

const templateUrl = (type: string, language: string, tail = '') =>
  `${MAIL}/template/${type}/${language}${tail}`;
const GERMAN = {
  subject: 'Neues Passwort für {{username}}',
  body: '<p>Hallo {{username}}, <a href="{{link}}">hier</a> geht es zum neuen Passwort ({{hours}} Stunden).</p>',
};

describe('the mail templates', () => {
  it('lists the eight templates in nine languages, default until edited', async () => {
    const before = (await callAdmin({ method: 'GET', url: `${MAIL}/template` })).json().data;
    expect(before.map((item: { type: string }) => item.type)).toEqual([...MAIL_TEMPLATE_TYPES]);
    for (const item of before) {
      expect(item.languages.map((state: { language: string }) => state.language)).toEqual([...LANGUAGES]);
      expect(item.languages.every((state: { edited: boolean }) => !state.edited)).toBe(true);
    }
    await callAdmin({ method: 'PUT', url: templateUrl('reset-pwd', 'de'), payload: GERMAN });
    const after = (await callAdmin({ method: 'GET', url: `${MAIL}/template` })).json().data;
    const reset = after.find((item: { type: string }) => item.type === 'reset-pwd');
    const edited = reset.languages.filter((state: { edited: boolean }) => state.edited);
    expect(edited).toEqual([{ language: 'de', edited: true, updated_at: expect.any(String) }]);
  });

  it('gives the shipped mail in its editable form with the variables it offers', async () => {
    const response = await callAdmin({ method: 'GET', url: templateUrl('license', 'fr') });
    const data = response.json().data;
    expect(data).toMatchObject({ type: 'license', language: 'fr', edited: false, updated_at: null });
    expect(data.subject).toBe('Les licences Vitrine de {{company}} expirent le {{expiry_date}}');
    expect(data.body).toContain('href="{{link}}"');
    expect(data.body).toContain('{{licence_count}}');
    expect(data.variables.map((variable: { name: string }) => variable.name)).toEqual(
      Object.keys(MAIL_TEMPLATE_VARIABLES.license),
    );
    // The shipped form saves as it is: it holds only offered variables and safe HTML.
    const saved = await callAdmin({ method: 'PUT', url: templateUrl('license', 'fr'), payload: data });
    expect(saved.json()).toMatchObject({ code: 220000, data: { edited: true, body: data.body } });
  });

  it('refuses an unknown variable and unsafe HTML, naming what it found, and saves nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['{{username}} {{password}}', '<p>x</p>', /\{\{password\}\}/],
      ['Hi', '<p>{{ username }}</p>', /\{\{ username \}\}/],
      ['Hi', '<p>x</p><script>alert(1)</script>', /<script>/],
      ['Hi', '<p onclick="alert(1)">x</p>', /onclick/],
      ['Hi', '<a href=" JaVaScRiPt:alert(1)">x</a>', /href="javascript:…"/],
      ['Hi', '<a href="java&#x09;script:alert(1)">x</a>', /href="javascript:…"/],
      ['Hi', '<a href="data:text/html,<b>x</b>">x</a>', /href="data:…"/],
      ['Hi', '<iframe src="https://example.com"></iframe>', /<iframe>/],
      ['Hi', '<object data="x.swf"></object>', /<object>/],
      ['Hi', '<embed src="x.swf">', /<embed>/],
      ['Hi', '<form action="https://example.com"><input></form>', /<form>/],
      ['Hi', '<p style="width: expression(alert(1))">x</p>', /style=/],
      ['Hi', '<style>p { background: url(javascript:alert(1)) }</style>', /<style>/],
    ];
    for (const [subject, body, named] of cases) {
      const response = await callAdmin({
        method: 'PUT',
        url: templateUrl('invite', 'en'),
        payload: { subject, body },
      });
      expect(response.json().code, body).toBe(400001);
      expect(response.json().msg, body).toMatch(named);
    }
    const german = await callAdmin({
      method: 'PUT',
      url: templateUrl('invite', 'de'),
      payload: { subject: 'Hallo', body: '<p>{{foo}}</p>' },
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().msg).toBe(
      'Die Vorlage verwendet {{foo}}, diese Variable bietet diese E-Mail nicht an',
    );
    expect(await app.db.select().from(mailTemplates)).toEqual([]);

    // Pictures inline and styles without expressions are fine.
    const fine = await callAdmin({
      method: 'PUT',
      url: templateUrl('invite', 'en'),
      payload: {
        subject: 'Hi',
        body: '<p style="color:#333"><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>',
      },
    });
    expect(fine.json().code).toBe(220000);
  });

  it('refuses a subject over 256 characters and a body over 64 KiB', async () => {
    const long = await callAdmin({
      method: 'PUT',
      url: templateUrl('invite', 'en'),
      payload: { subject: 'x'.repeat(257), body: '<p>x</p>' },
    });
    expect(long.json().code).toBe(400001);
    const big = await callAdmin({
      method: 'PUT',
      url: templateUrl('invite', 'en'),
      payload: { subject: 'x', body: `<p>${'é'.repeat(32 * 1024)}</p>` },
    });
    expect(big.json().code).toBe(400001);
    expect(await app.db.select().from(mailTemplates)).toEqual([]);
  });

  it('previews exactly what the Mailer sends', async () => {
    const preview = await callAdmin({
      method: 'POST',
      url: templateUrl('reset-pwd', 'de', '/preview'),
      payload: GERMAN,
    });
    const data = preview.json().data;
    expect(data.subject).toBe('Neues Passwort für Eve Martin');
    expect(data.html).toContain('<a href="https://vitrine.example/forget?code=sample">hier</a>');
    expect(data.text).toContain('hier (https://vitrine.example/forget?code=sample)');
    expect(await app.db.select().from(mailTemplates)).toEqual([]);

    await callAdmin({ method: 'PUT', url: templateUrl('reset-pwd', 'de'), payload: GERMAN });
    const sent = await app.mail.render({
      template: 'reset-pwd',
      language: 'de',
      vars: MAIL_TEMPLATE_VARIABLES['reset-pwd'],
    });
    expect(sent).toEqual(data);
  });

  it('sends a German user’s reset mail with the edited German text; reset restores the shipped one', async () => {
    await callAdmin({ method: 'PUT', url: templateUrl('reset-pwd', 'de'), payload: GERMAN });
    const german = await buildUser(app, { language: 'de' });
    const english = await buildUser(app, { language: 'en' });
    const forget = (email: string) =>
      app.inject({ method: 'POST', url: '/backend/account/forget-pwd', payload: { email } });
    await forget(german.email);
    await forget(english.email);
    const [mail] = await mailsTo(app, german.email);
    expect(mail.subject).toBe(`Neues Passwort für ${german.username}`);
    expect(mail.text).toMatch(
      /hier \(http:\/\/vitrine\.test\/forget\?code=[\w-]+\) geht es zum neuen Passwort \(2 Stunden\)/,
    );
    expect((await mailsTo(app, english.email))[0].subject).toBe('Reset your Vitrine password');

    const reset = await callAdmin({ method: 'DELETE', url: templateUrl('reset-pwd', 'de') });
    expect(reset.json().data).toMatchObject({
      edited: false,
      subject: 'Setzen Sie Ihr Vitrine-Passwort zurück',
    });
    clearOutbox(app);
    await forget(german.email);
    expect((await mailsTo(app, german.email))[0].subject).toBe('Setzen Sie Ihr Vitrine-Passwort zurück');
  });

  it('test-sends the text on screen filled with the sample values', async () => {
    await saveServer(serverFields());
    const response = await callAdmin({
      method: 'POST',
      url: templateUrl('reset-pwd', 'de', '/test'),
      payload: { ...GERMAN, to: 'editor@example.com' },
    });
    expect(response.json().data).toMatchObject({ ok: true, via: 'server', to: 'editor@example.com' });
    expect(parseMail(smtp.received[0].raw).subject).toBe('Neues Passwort für Eve Martin');
    const refused = await callAdmin({
      method: 'POST',
      url: templateUrl('reset-pwd', 'de', '/test'),
      payload: { subject: 'x', body: '<script></script>' },
    });
    expect(refused.json().code).toBe(400001);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('who may', () => {
  it('refuses every mail route to a customer and a company owner (403001)', async () => {
    const customer = await buildCustomer(app);
    const { owner } = await buildTenant(app);
    const callers = [customer.call, await callAs(app, owner)];
    const payloads: Record<string, object | undefined> = {
      saveServer: serverFields(),
      testServer: {},
      saveTemplate: GERMAN,
      previewTemplate: GERMAN,
      testTemplate: GERMAN,
    };
    for (const [name, op] of Object.entries(mailOperations)) {
      const url = op.path.replace(':type', 'reset-pwd').replace(':language', 'de');
      for (const call of callers) {
        const response = await call({ method: op.method, url, payload: payloads[name] });
        expect(response.json().code, `${op.method} ${url}`).toBe(403001);
      }
    }
    expect(await storedServer()).toBeUndefined();
    expect(await app.db.select().from(mailTemplates)).toEqual([]);
  });
});

describe('the password', () => {
  it('appears in no answer and no log line', async () => {
    await saveServer(serverFields());
    await callAdmin({ method: 'GET', url: `${MAIL}/server` });
    await callAdmin({ method: 'POST', url: `${MAIL}/server/test`, payload: { server: serverFields() } });
    await callAdmin({ method: 'POST', url: `${MAIL}/server/test`, payload: { server: serverFields(1) } });
    expect(logLines.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.includes(PASSWORD))).toEqual([]);
    expect(logLines.filter((line) => line.includes(PASSWORD))).toEqual([]);
  });
});
