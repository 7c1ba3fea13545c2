import { randomBytes } from 'node:crypto';
import { AccountStatus } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, linkCodes, users, workspaces } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildUser, loginAs } from '../../test/factories';
import { linkCode, mailsTo } from '../../test/mailbox';
import { sendActivation } from './register';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const PASSWORD = 'Owner-pass9!';
const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `owner-${randomBytes(4).toString('hex')}@example.com`,
  username: 'Ada Owner',
  company_name: 'Ada Displays',
  password: PASSWORD,
  confirm_password: PASSWORD,
  accept_terms: true,
  ...overrides,
});
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/backend/account/${url}`, payload, headers });
const byEmail = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /account/register', () => {
  it('creates the company, its workspace and the inactive owner, then mails the activation link', async () => {
    const input = registration();
    const response = await post('register', input, { 'accept-language': 'fr-FR', timezone: 'Europe/Paris' });
    expect(response.json()).toMatchObject({ code: 220000, data: { email: input.email } });

    const user = await byEmail(input.email);
    expect(user).toMatchObject({
      roleId: 6,
      status: AccountStatus.inactive,
      language: 'fr',
      timezone: 'Europe/Paris',
    });
    const [company] = await app.db
      .select()
      .from(companies)
      .where(eq(companies.id, user.companyId as number));
    expect(company).toMatchObject({ name: 'Ada Displays', ownerUserId: user.id });
    const [workspace] = await app.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, user.workspaceId as number));
    expect(workspace.companyId).toBe(company.id);
    expect(user.activeWorkspaceId).toBe(workspace.id);

    // Not active yet: the right password gets 403004.
    const early = await post('login', { email: input.email, password: PASSWORD, accept_terms: true });
    expect(early.json().code).toBe(403004);

    const code = await linkCode(app, input.email, '/register/active');
    const active = await post(`register-active/${code}`);
    expect(active.json()).toMatchObject({ code: 220000, data: { email: input.email } });
    expect((await byEmail(input.email)).status).toBe(AccountStatus.active);
    expect(await loginAs(app, input.email, PASSWORD)).toEqual(expect.any(String));

    // The link works once.
    const reused = await post(`register-active/${code}`);
    expect(reused.json()).toMatchObject({ code: 400002, msg: 'Invalid link, please check the link again.' });
  });

  it('refuses an email that is already active with 409002 and creates nothing', async () => {
    const existing = await buildUser(app);
    const before = (await app.db.select().from(companies)).length;
    const response = await post('register', registration({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(409002);
    expect(await app.db.select().from(companies)).toHaveLength(before);
    expect(await mailsTo(app, existing.email)).toHaveLength(0);
  });

  it('for an email still inactive changes nothing and sends a fresh link; the old one stops working', async () => {
    const input = registration();
    await post('register', input);
    const first = await linkCode(app, input.email, '/register/active');
    const before = await byEmail(input.email);
    const companiesBefore = (await app.db.select().from(companies)).length;

    const again = await post('register', {
      ...input,
      company_name: 'Other',
      password: 'Other-pass9!',
      confirm_password: 'Other-pass9!',
    });
    expect(again.json().code).toBe(220000);
    expect(await byEmail(input.email)).toEqual(before);
    expect(await app.db.select().from(companies)).toHaveLength(companiesBefore);
    expect(await mailsTo(app, input.email)).toHaveLength(2);
    const second = await linkCode(app, input.email, '/register/active');
    expect(second).not.toBe(first);

    expect((await post(`register-active/${first}`)).json().code).toBe(400002);
    expect((await post(`register-active/${second}`)).json().code).toBe(220000);
    expect(await loginAs(app, input.email, PASSWORD)).toEqual(expect.any(String));
  });

  it('validates every field and the confirmation, and creates nothing on a refusal', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ username: 'x'.repeat(65) }, 'username'],
      [{ company_name: '' }, 'company_name'],
      [{ password: 'short1!', confirm_password: 'short1!' }, 'password'],
      [{ password: 'lettersonly1', confirm_password: 'lettersonly1' }, 'password'],
      [{ confirm_password: 'Different-9!' }, 'confirm_password'],
      [{ accept_terms: false }, 'accept_terms'],
    ];
    for (const [overrides, field] of cases) {
      const input = registration(overrides);
      const response = await post('register', input);
      expect(response.json().code, field).toBe(field === 'accept_terms' ? 400004 : 400001);
      expect(response.json().data.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await byEmail(String(input.email).toLowerCase())).toBeUndefined();
    }
  });

  it('an expired activation link answers 400003 and activates nothing', async () => {
    const input = registration();
    await post('register', input);
    const code = await linkCode(app, input.email, '/register/active');
    const user = await byEmail(input.email);
    await app.db
      .update(linkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkCodes.userId, user.id));
    const response = await post(`register-active/${code}`);
    expect(response.json()).toMatchObject({
      code: 400003,
      msg: 'The link has expired. Please request a new link.',
    });
    expect((await byEmail(input.email)).status).toBe(AccountStatus.inactive);
  });

  it('a made-up code answers 400002', async () => {
    expect((await post('register-active/not-a-real-code')).json().code).toBe(400002);
  });
});

describe('invited users: check/code and active/{code}', () => {
  async function invited() {
    const user = await buildUser(app, { status: AccountStatus.inactive });
    const [row] = await app.db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.id, user.id))
      .returning();
    await app.db.transaction((tx) => sendActivation(app, tx, row));
    return { user: row, code: await linkCode(app, row.email, '/user/active') };
  }

  it('check/code names the invited user; active/{code} sets the password and activates', async () => {
    const { user, code } = await invited();
    const check = await post('check/code', { active_code: code });
    expect(check.json()).toEqual({
      code: 220000,
      msg: 'Success',
      data: { email: user.email, username: user.username },
    });

    const active = await post(`active/${code}`, { password: PASSWORD, confirm_password: PASSWORD });
    expect(active.json()).toMatchObject({ code: 220000, data: { email: user.email } });
    expect((await byEmail(user.email)).status).toBe(AccountStatus.active);
    expect(await loginAs(app, user.email, PASSWORD)).toEqual(expect.any(String));

    expect((await post('check/code', { active_code: code })).json().code).toBe(400002);
    expect(
      (await post(`active/${code}`, { password: PASSWORD, confirm_password: PASSWORD })).json().code,
    ).toBe(400002);
  });

  it('a register code is no invitation code, and the reverse', async () => {
    const { code } = await invited();
    expect((await post(`register-active/${code}`)).json().code).toBe(400002);
  });

  it('refuses a weak or unconfirmed password and keeps the link', async () => {
    const { user, code } = await invited();
    const weak = await post(`active/${code}`, { password: 'password', confirm_password: 'password' });
    expect(weak.json().code).toBe(400001);
    const mismatch = await post(`active/${code}`, { password: PASSWORD, confirm_password: `${PASSWORD}x` });
    expect(mismatch.json().data.errors).toContainEqual({
      field: 'confirm_password',
      message: 'Two entries do not match',
    });
    expect((await byEmail(user.email)).status).toBe(AccountStatus.inactive);
    expect((await post('check/code', { active_code: code })).json().code).toBe(220000);
  });

  it('expired and missing codes', async () => {
    const { user, code } = await invited();
    await app.db
      .update(linkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkCodes.userId, user.id));
    expect((await post('check/code', { active_code: code })).json().code).toBe(400003);
    expect(
      (await post(`active/${code}`, { password: PASSWORD, confirm_password: PASSWORD })).json().code,
    ).toBe(400003);
    const missing = await post('check/code', {});
    expect(missing.json().data.errors).toContainEqual({
      field: 'active_code',
      message: 'Invalid link, please check the link again.',
    });
  });

  it('registering with the email of a pending invitation re-sends the invitation', async () => {
    const { user, code } = await invited();
    expect((await post('register', registration({ email: user.email }))).json().code).toBe(220000);
    const fresh = await linkCode(app, user.email, '/user/active');
    expect(fresh).not.toBe(code);
    expect((await post('check/code', { active_code: code })).json().code).toBe(400002);
    expect((await byEmail(user.email)).passwordHash).toBeNull();
  });
});
