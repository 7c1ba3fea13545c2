import { AccountStatus, DEFAULT_ROLE_PERMISSIONS, LOGIN_LOCK_MINUTES, ResultCode } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkCodes, loginHistory, sessions, users } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { buildTestApp } from '../../test/app';
import { as, buildUser, loggedIn, loginAs, TEST_PASSWORD } from '../../test/factories';
import { linkCode, mailsTo } from '../../test/mailbox';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const attempt = (
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/backend/account/login',
    payload: { email, password, accept_terms: true, ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /account/login', () => {
  it('answers the token, role, user, permissions and config, and starts a session', async () => {
    const user = await buildUser(app, { role: 6, language: 'de' });
    const response = await attempt(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(220000);
    expect(data.role).toEqual({ role_id: 6, name: 'owner' });
    expect(data.info).toMatchObject({
      user_id: user.id,
      email: user.email,
      language_len_id: 'de',
      login_times: 1,
    });
    expect(data.info).not.toHaveProperty('password_hash');
    expect(data.permissions).toEqual([...DEFAULT_ROLE_PERMISSIONS[6]]);
    expect(data.config.customer_theme.value.detail.primary_color).toEqual(expect.any(String));
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.token)));
    expect(session.userId).toBe(user.id);
    const row = await userRow(user.id);
    expect(row.lastLoginIp).toBe('127.0.0.1');
    expect(row.lastLoginAt).not.toBeNull();
  });

  it('hands out a new token on every login', async () => {
    const user = await buildUser(app);
    const first = await loginAs(app, user.email);
    const second = await loginAs(app, user.email);
    expect(first).not.toBe(second);
    expect(
      (await as(app, first)({ method: 'GET', url: '/backend/manager/account/user-center/info' })).json().code,
    ).toBe(220000);
  });

  it('answers 401001 alike for a wrong password and an unknown email, and records both', async () => {
    const user = await buildUser(app);
    const wrong = await attempt(user.email, 'Wrong-pass1');
    const unknown = await attempt(`nobody-${user.id}@example.com`, TEST_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 401001, msg: 'Incorrect email or password.' });
    expect((await userRow(user.id)).failedLogins).toBe(1);
    const history = await app.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.email, `nobody-${user.id}@example.com`));
    expect(history).toMatchObject([{ userId: null, success: false }]);
  });

  it('refuses without the accepted terms with the terms code 400004, naming accept_terms', async () => {
    const user = await buildUser(app);
    for (const extra of [{ accept_terms: false }, { accept_terms: undefined }]) {
      const response = await attempt(user.email, TEST_PASSWORD, extra);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe(ResultCode.termsNotAccepted);
      expect(body.msg).toBe('Please read and accept the user agreement and privacy policy.');
      expect(body.data.errors).toContainEqual({
        field: 'accept_terms',
        message: 'Please read and accept the user agreement and privacy policy.',
      });
    }
    const both = (await attempt('not-an-email', TEST_PASSWORD, { accept_terms: false })).json();
    expect(both.code).toBe(ResultCode.validation);
    expect(both.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['accept_terms', 'email']);
    expect((await userRow(user.id)).loginTimes).toBe(0);
  });

  it('refuses an inactive account with 403004 and a disabled one with 403003', async () => {
    const inactive = await buildUser(app, { status: AccountStatus.inactive });
    const disabled = await buildUser(app, { status: AccountStatus.disabled });
    expect((await attempt(inactive.email, TEST_PASSWORD)).json().code).toBe(403004);
    expect((await attempt(disabled.email, TEST_PASSWORD)).json().code).toBe(403003);
    expect((await userRow(inactive.id)).loginTimes).toBe(0);
  });

  it('rate limits the 61st login from one address in a minute, whatever the emails (429001)', async () => {
    const address = '203.0.113.61';
    for (let i = 0; i < 60; i++) {
      expect((await attempt(`nobody${i}@example.com`, TEST_PASSWORD, {}, address)).statusCode).not.toBe(429);
    }
    const next = await attempt('someone@example.com', TEST_PASSWORD, {}, address);
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe(429001);
    expect((await attempt('someone@example.com', TEST_PASSWORD, {}, '203.0.113.62')).statusCode).not.toBe(
      429,
    );
  });

  it('rate limits the 11th login of one account from one address in a minute (429001)', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 10; i++) expect((await attempt(user.email, TEST_PASSWORD)).json().code).toBe(220000);
    const eleventh = await attempt(user.email, TEST_PASSWORD);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe(429001);
    // Another address is counted on its own.
    expect((await attempt(user.email, TEST_PASSWORD, {}, '192.0.2.44')).json().code).toBe(220000);
  });
});

describe('lockout', () => {
  it('locks after 5 failures, mails an unlock link that works, and check-lock tells', async () => {
    const user = await buildUser(app);
    for (let i = 1; i < 5; i++) expect((await attempt(user.email, 'Wrong-pass1')).json().code).toBe(401001);
    const fifth = await attempt(user.email, 'Wrong-pass1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 423001, data: { minutes: LOGIN_LOCK_MINUTES } });
    expect(fifth.json().msg).toContain(`${LOGIN_LOCK_MINUTES} minutes`);

    // Locked: even the right password is refused.
    expect((await attempt(user.email, TEST_PASSWORD)).json().code).toBe(423001);
    const lock = await app.inject({
      method: 'POST',
      url: '/backend/account/check-lock',
      payload: { email: user.email },
    });
    expect(lock.json().data).toEqual({ locked: true, minutes: LOGIN_LOCK_MINUTES });

    const mails = await mailsTo(app, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('127.0.0.1');
    const code = await linkCode(app, user.email, '/login', 'unlock_code');
    const unlocked = await app.inject({ method: 'POST', url: `/backend/account/unlock/${code}` });
    expect(unlocked.json()).toMatchObject({ code: 220000, data: { email: user.email } });
    expect((await userRow(user.id)).failedLogins).toBe(0);

    const after = await app.inject({
      method: 'POST',
      url: '/backend/account/check-lock',
      payload: { email: user.email },
    });
    expect(after.json().data).toEqual({ locked: false, minutes: 0 });
    expect((await attempt(user.email, TEST_PASSWORD)).json().code).toBe(220000);
    expect((await app.inject({ method: 'POST', url: `/backend/account/unlock/${code}` })).json().code).toBe(
      400002,
    );
  });

  it('counts anew once a lock has run out', async () => {
    const user = await buildUser(app);
    await app.db
      .update(users)
      .set({ failedLogins: 5, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await attempt(user.email, 'Wrong-pass1')).json().code).toBe(401001);
    expect(await userRow(user.id)).toMatchObject({ failedLogins: 1, lockedUntil: null });
  });

  it('check-lock answers "not locked" for an unknown email', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/account/check-lock',
      payload: { email: 'no-such-user@example.com' },
    });
    expect(response.json()).toMatchObject({ code: 220000, data: { locked: false, minutes: 0 } });
  });

  const checkLock = (email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/backend/account/check-lock', payload: { email }, remoteAddress });

  it('rate limits the 11th check-lock of one email from one address in a minute (429001)', async () => {
    const address = '198.51.100.11';
    for (let i = 0; i < 10; i++)
      expect((await checkLock('probe@example.com', address)).json().code).toBe(220000);
    const eleventh = await checkLock('probe@example.com', address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe(429001);
    expect((await checkLock('other@example.com', address)).json().code).toBe(220000);
    expect((await checkLock('probe@example.com', '198.51.100.12')).json().code).toBe(220000);
  });

  it('rate limits the 61st check-lock from one address in a minute, whatever the emails (429001)', async () => {
    const address = '198.51.100.61';
    for (let i = 0; i < 60; i++) {
      expect((await checkLock(`probe${i}@example.com`, address)).json().code).toBe(220000);
    }
    const next = await checkLock('someone@example.com', address);
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe(429001);
    expect((await checkLock('someone@example.com', '198.51.100.62')).json().code).toBe(220000);
  });

  it('unlock-email mails a new link to the page the console names, only a same-site one', async () => {
    const user = await buildUser(app);
    await app.db
      .update(users)
      .set({ failedLogins: 5, lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(users.id, user.id));
    const send = (act_url: string) =>
      app.inject({
        method: 'POST',
        url: '/backend/account/unlock-email',
        payload: { email: user.email, act_url },
      });

    expect((await send('/login/unlock')).json().code).toBe(220000);
    const first = await linkCode(app, user.email, '/login/unlock', 'unlock_code');
    expect((await send('https://evil.example/steal')).json().code).toBe(220000);
    await linkCode(app, user.email, '/login', 'unlock_code');
    expect((await send('//evil.example/steal')).json().code).toBe(220000);
    const mails = await mailsTo(app, user.email);
    expect(mails).toHaveLength(3);
    expect(mails.map((mail) => mail.text).join()).not.toContain('evil.example');
    // The newest mail is the last one written.
    const last = /unlock_code=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];

    // Each new link voids the one before.
    expect((await app.inject({ method: 'POST', url: `/backend/account/unlock/${first}` })).json().code).toBe(
      400002,
    );
    expect((await app.inject({ method: 'POST', url: `/backend/account/unlock/${last}` })).json().code).toBe(
      220000,
    );
  });

  it('unlock-email answers success and sends nothing for an account that is not locked or unknown', async () => {
    const user = await buildUser(app);
    for (const email of [user.email, 'ghost@example.com']) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/account/unlock-email',
        payload: { email, act_url: '/login' },
      });
      expect(response.json().code).toBe(220000);
    }
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });

  it('an expired unlock link answers 400003, a made-up one 400002', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 5; i++) await attempt(user.email, 'Wrong-pass1');
    const code = await linkCode(app, user.email, '/login', 'unlock_code');
    await app.db
      .update(linkCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(linkCodes.userId, user.id));
    const expired = await app.inject({ method: 'POST', url: `/backend/account/unlock/${code}` });
    expect(expired.json()).toMatchObject({
      code: 400003,
      msg: 'The link has expired. Please request a new link.',
    });
    const invalid = await app.inject({ method: 'POST', url: '/backend/account/unlock/made-up' });
    expect(invalid.json()).toMatchObject({ code: 400002, msg: 'Invalid link, please check the link again.' });
    expect((await userRow(user.id)).lockedUntil).not.toBeNull();
  });
});

describe('off-site login alarm', () => {
  it('mails on a login from an address never used before, not from a known one', async () => {
    const user = await buildUser(app);
    await app.db.update(users).set({ offSiteLoginAlarm: true }).where(eq(users.id, user.id));
    expect((await attempt(user.email, TEST_PASSWORD, {}, '198.51.100.1')).json().code).toBe(220000);
    expect((await attempt(user.email, TEST_PASSWORD, {}, '198.51.100.1')).json().code).toBe(220000);
    expect(await mailsTo(app, user.email)).toHaveLength(0);

    const response = await app.inject({
      method: 'POST',
      url: '/backend/account/login',
      payload: { email: user.email, password: TEST_PASSWORD, accept_terms: true },
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': 'Stranger/1.0' },
    });
    expect(response.json().code).toBe(220000);
    const mails = await mailsTo(app, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('203.0.113.9');
    expect(mails[0].text).toContain('Stranger/1.0');
  });

  it('stays silent when the alarm is off', async () => {
    const user = await buildUser(app);
    await attempt(user.email, TEST_PASSWORD, {}, '198.51.100.2');
    await attempt(user.email, TEST_PASSWORD, {}, '203.0.113.10');
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('logout ends the session: the token then answers 600003', async () => {
    const { user, token, call } = await loggedIn(app);
    expect((await call({ method: 'POST', url: '/backend/account/logout' })).json().code).toBe(220000);
    const after = await call({ method: 'GET', url: '/backend/manager/account/user-center/info' });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(600003);
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session).toMatchObject({ userId: user.id, revokeReason: 'logout' });
  });

  it('logout without a token answers 600003', async () => {
    expect((await app.inject({ method: 'POST', url: '/backend/account/logout' })).json().code).toBe(600003);
  });

  it('rotates an old token: the new one comes in the Authorization header, the old one lasts the grace', async () => {
    const { user, token, call } = await loggedIn(app);
    const hash = hashToken(token);
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(sessions.tokenHash, hash));
    const info = { method: 'GET' as const, url: '/backend/manager/account/user-center/info' };

    const rotated = await call(info);
    expect(rotated.json().code).toBe(220000);
    const renewed = /^Bearer (\S+)$/.exec(String(rotated.headers.authorization))?.[1];
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(token);

    const again = await call(info);
    expect(again.json().code).toBe(220000);
    expect(again.headers.authorization).toBeUndefined();
    expect((await as(app, renewed as string)(info)).json().data.user_id).toBe(user.id);

    await app.db
      .update(sessions)
      .set({ replacedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.tokenHash, hash));
    // A write that bypasses the session store tells its cache, as the store's own writes do.
    await app.sessions.forgetUser(user.id);
    expect((await call(info)).json().code).toBe(600003);
    expect((await as(app, renewed as string)(info)).json().code).toBe(220000);
  });
});
