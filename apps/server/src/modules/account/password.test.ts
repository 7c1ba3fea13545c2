import { AccountStatus } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkCodes, users } from '../../db/schema';
import { verifyPassword } from '../../platform/passwords';
import { buildTestApp } from '../../test/app';
import { as, buildUser, loggedIn, loginAs, TEST_PASSWORD } from '../../test/factories';
import { linkCode, mailsTo } from '../../test/mailbox';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const NEW_PASSWORD = 'Brand-new-pass7';
const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/backend/${url}`, payload });
const info = { method: 'GET' as const, url: '/backend/manager/account/user-center/info' };
const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

describe('forget-pwd → reset', () => {
  it('mails a reset link; reset sets the password, ends every session (600004) and mails changed-pwd', async () => {
    const { user, call } = await loggedIn(app);
    const other = as(app, await loginAs(app, user.email));
    expect((await post('account/forget-pwd', { email: user.email })).json()).toMatchObject({ code: 220000 });
    const code = await linkCode(app, user.email, '/forget');

    const check = await post('account/check/forget-code', { code });
    expect(check.json()).toMatchObject({ code: 220000, data: { email: user.email } });

    const reset = await app.inject({
      method: 'POST',
      url: `/backend/account/reset/${code}`,
      payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      remoteAddress: '198.51.100.77',
    });
    expect(reset.json()).toMatchObject({ code: 220000, data: { email: user.email } });

    for (const session of [call, other]) {
      const after = await session(info);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(600004);
    }
    expect(
      (await post('account/login', { email: user.email, password: TEST_PASSWORD, accept_terms: true })).json()
        .code,
    ).toBe(401001);
    expect(await loginAs(app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));

    const mails = await mailsTo(app, user.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes('198.51.100.77'))).toBe(true);

    expect((await post('account/check/forget-code', { code })).json().code).toBe(400002);
    const reused = await post(`account/reset/${code}`, {
      password: 'Third-pass7!',
      confirm_password: 'Third-pass7!',
    });
    expect(reused.json().code).toBe(400002);
  });

  it('answers success for an unknown, inactive or disabled email and sends nothing', async () => {
    const inactive = await buildUser(app, { status: AccountStatus.inactive });
    const disabled = await buildUser(app, { status: AccountStatus.disabled });
    for (const email of ['ghost@example.com', inactive.email, disabled.email]) {
      expect((await post('account/forget-pwd', { email })).json().code).toBe(220000);
    }
    expect(await mailsTo(app, inactive.email)).toHaveLength(0);
    expect(await mailsTo(app, disabled.email)).toHaveLength(0);
    expect(await app.db.select().from(linkCodes).where(eq(linkCodes.userId, inactive.id))).toHaveLength(0);
  });

  it('a reset lifts a lock', async () => {
    const user = await buildUser(app);
    await app.db
      .update(users)
      .set({ failedLogins: 5, lockedUntil: new Date(Date.now() + 20 * 60_000) })
      .where(eq(users.id, user.id));
    await post('account/forget-pwd', { email: user.email });
    const code = await linkCode(app, user.email, '/forget');
    await post(`account/reset/${code}`, { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(await userRow(user.id)).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(await loginAs(app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('expired, made-up and weak: 400003, 400002, 400001, and the password stays', async () => {
    const user = await buildUser(app);
    await post('account/forget-pwd', { email: user.email });
    const code = await linkCode(app, user.email, '/forget');

    const weak = await post(`account/reset/${code}`, { password: 'abcdefgh', confirm_password: 'abcdefgh' });
    expect(weak.json().code).toBe(400001);
    expect(weak.json().data.errors).toContainEqual({
      field: 'password',
      message: 'Password must include a combination of letters, numbers, and special characters.',
    });

    await app.db
      .update(linkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkCodes.userId, user.id));
    expect((await post('account/check/forget-code', { code })).json().code).toBe(400003);
    const expired = await post(`account/reset/${code}`, {
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(expired.json().code).toBe(400003);
    expect((await post('account/check/forget-code', { code: 'made-up' })).json().code).toBe(400002);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('a second request voids the first link', async () => {
    const user = await buildUser(app);
    await post('account/forget-pwd', { email: user.email });
    const first = await linkCode(app, user.email, '/forget');
    await post('account/forget-pwd', { email: user.email });
    const second = await linkCode(app, user.email, '/forget');
    expect((await post('account/check/forget-code', { code: first })).json().code).toBe(400002);
    expect((await post('account/check/forget-code', { code: second })).json().code).toBe(220000);
  });
});

describe('user center passwords', () => {
  const center = '/backend/manager/account/user-center';

  it('check-old-pwd answers result true for the right password and false otherwise', async () => {
    const { call } = await loggedIn(app);
    const right = await call({
      method: 'POST',
      url: `${center}/check-old-pwd`,
      payload: { old_password: TEST_PASSWORD },
    });
    expect(right.json()).toMatchObject({ code: 220000, data: { result: true } });
    const wrong = await call({
      method: 'POST',
      url: `${center}/check-old-pwd`,
      payload: { old_password: 'nope' },
    });
    expect(wrong.json()).toMatchObject({ code: 220000, data: { result: false } });
    const missing = await call({ method: 'POST', url: `${center}/check-old-pwd`, payload: {} });
    expect(missing.json().data.errors).toContainEqual({
      field: 'old_password',
      message: 'Please enter your old password *',
    });
  });

  it('check-old-pwd needs a session', async () => {
    const response = await post('manager/account/user-center/check-old-pwd', { old_password: TEST_PASSWORD });
    expect(response.json().code).toBe(600003);
  });

  it('reset-pwd with a wrong old password answers 401003 and changes nothing', async () => {
    const { user, call } = await loggedIn(app);
    const before = await userRow(user.id);
    const response = await call({
      method: 'POST',
      url: `${center}/reset-pwd`,
      payload: { old_password: 'Wrong-pass1', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401003, msg: 'Old password is error' });
    expect(await userRow(user.id)).toEqual(before);
    expect((await call(info)).json().code).toBe(220000);
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });

  it('reset-pwd applies the new-password rules', async () => {
    const { user, call } = await loggedIn(app);
    const cases: [Record<string, string>, string, string][] = [
      [
        { password: 'Ab1!', confirm_password: 'Ab1!' },
        'password',
        'Passwords should be 8 or more characters in length',
      ],
      [{ password: NEW_PASSWORD, confirm_password: 'other' }, 'confirm_password', 'Two entries do not match'],
      [{ password: '', confirm_password: '' }, 'password', 'Please input the password'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call({
        method: 'POST',
        url: `${center}/reset-pwd`,
        payload: { old_password: TEST_PASSWORD, ...payload },
      });
      expect(response.json().code).toBe(400001);
      expect(response.json().data.errors).toContainEqual({ field, message });
    }
    expect(await verifyPassword((await userRow(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('reset-pwd sets the password, ends other sessions with 600004 and the own with 600003, and mails', async () => {
    const { user, call } = await loggedIn(app);
    const other = as(app, await loginAs(app, user.email));
    const response = await call({
      method: 'POST',
      url: `${center}/reset-pwd`,
      payload: { old_password: TEST_PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(response.json()).toMatchObject({ code: 220000 });
    expect((await call(info)).json().code).toBe(600003);
    expect((await other(info)).json().code).toBe(600004);
    expect(await loginAs(app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));
    const mails = await mailsTo(app, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('127.0.0.1');
  });
});
