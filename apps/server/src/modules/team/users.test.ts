import { randomBytes } from 'node:crypto';
import { AccountStatus, LIST_TOTAL_CAP, Role } from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { as, buildUser, loggedIn, loginAs } from '../../test/factories';
import { linkCode, mailsTo } from '../../test/mailbox';
import { buildCategory, buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { listUsers } from './users';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const url = (path: string) => `/backend/manager/account/${path}`;
const email = () => `member-${randomBytes(4).toString('hex')}@example.com`;
const rowOf = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

/** A company with its owner logged in, a sub-workspace with a logged-in user admin. */
async function team(options: { userLimit?: number } = {}) {
  const tenant = await buildTenant(app, options);
  const sub = await buildWorkspace(app, tenant.company.id, tenant.root.id);
  const admin = await buildMember(app, sub, Role.userAdmin);
  return {
    ...tenant,
    sub,
    admin,
    asOwner: await callAs(app, tenant.owner),
    asAdmin: await callAs(app, admin),
  };
}

describe('GET user', () => {
  it('finds a keyword in the username, nickname or email, in any case, literally, never across two', async () => {
    const t = await team();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buildMember(app, t.root)));
    await app.db.update(users).set({ username: 'Ölgrün_1' }).where(eq(users.id, a.id));
    await app.db.update(users).set({ nickname: 'Projector 100%' }).where(eq(users.id, b.id));
    await app.db.update(users).set({ email: 'signage.ops@example.com' }).where(eq(users.id, c.id));
    const found = async (keyword: string) =>
      (await t.asOwner({ method: 'GET', url: url('user'), query: { keyword } }))
        .json()
        .data.list.map((u: { user_id: number }) => u.user_id);
    expect(await found('ÖLGRÜN')).toEqual([a.id]);
    expect(await found('n_1')).toEqual([a.id]);
    expect(await found('0%')).toEqual([b.id]);
    expect(await found('projector')).toEqual([b.id]);
    expect(await found('SIGNAGE.OPS')).toEqual([c.id]);
    // The username's end and the email's start are two fields, not one text.
    const [{ username }] = await app.db.select().from(users).where(eq(users.id, c.id));
    expect(await found(`${username.slice(-3)}signage`)).toEqual([]);
    expect(await found('_')).toEqual([a.id]);
  });

  it('lists the users of the caller’s tenant with search, filters, sort and pages', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    const member = await buildMember(app, t.sub, Role.user, { categoryId: category.id });
    await buildTenant(app); // another company's users never show

    const all = (await t.asOwner({ method: 'GET', url: url('user') })).json();
    expect(all.code).toBe(220000);
    expect(all.data.total).toBe(3);
    expect(all.data.total_capped).toBe(false);
    expect(all.data.list.map((u: { user_id: number }) => u.user_id).sort()).toEqual(
      [t.owner.id, t.admin.id, member.id].sort(),
    );

    const filtered = (
      await t.asOwner({
        method: 'GET',
        url: url('user'),
        query: { role_id: '4', status: '1', group_id: String(t.sub.id), category_id: String(category.id) },
      })
    ).json();
    expect(filtered.data.list).toHaveLength(1);
    expect(filtered.data.list[0]).toMatchObject({
      user_id: member.id,
      role_id: 4,
      role_name: 'user',
      status: 1,
      company_id: t.company.id,
      company_name: t.company.name,
      group_id: t.sub.id,
      group_name: t.sub.name,
      category_id: category.id,
      category_name: category.name,
      created_at: expect.any(String),
    });

    const keyword = (
      await t.asOwner({ method: 'GET', url: url('user'), query: { keyword: member.email } })
    ).json();
    expect(keyword.data.list.map((u: { user_id: number }) => u.user_id)).toEqual([member.id]);

    const sorted = (
      await t.asOwner({
        method: 'GET',
        url: url('user'),
        query: { sort: 'email,asc', page_size: '2', page: '2' },
      })
    ).json();
    const emails = [t.owner.email, t.admin.email, member.email].sort();
    expect(sorted.data).toMatchObject({ total: 3, list: [{ email: emails[2] }] });
  });

  it('refuses a sort column outside the whitelist with 400001', async () => {
    const t = await team();
    const response = await t.asOwner({
      method: 'GET',
      url: url('user'),
      query: { sort: 'password_hash,asc' },
    });
    expect(response.json()).toMatchObject({ code: 400001 });
    expect(response.json().msg).toContain('This sort order is not supported');
  });

  it('shows a user admin only its workspace and below', async () => {
    const t = await team();
    const sibling = await buildWorkspace(app, t.company.id, t.root.id);
    const hidden = await buildMember(app, sibling);
    const seen = await buildMember(app, t.sub);
    const list = (await t.asAdmin({ method: 'GET', url: url('user') })).json().data.list;
    const ids = list.map((u: { user_id: number }) => u.user_id);
    expect(ids).toContain(seen.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(t.owner.id);
  });

  it('counts exactly up to the cap, then answers the cap and says there are more; pages past it load', async () => {
    const t = await team();
    const company = [eq(users.companyId, t.company.id)];
    const page = (cap: number, query: { page?: number; page_size?: number; keyword?: string } = {}) =>
      listUsers(app.db, company, { page: 1, page_size: 20, ...query }, cap);
    // Owner and user admin: exactly at the cap is still exact, one more is capped.
    expect(await page(2)).toMatchObject({ total: 2, total_capped: false });
    await Promise.all([1, 2, 3].map(() => buildMember(app, t.root)));
    expect(await page(5)).toMatchObject({ total: 5, total_capped: false });
    const capped = await page(2);
    expect(capped).toMatchObject({ total: 2, total_capped: true });
    expect(capped.list).toHaveLength(5);
    // Page 3 of 2 rows is past the cap of 2: it still has its row.
    const past = await page(2, { page: 3, page_size: 2 });
    expect(past).toMatchObject({ total: 2, total_capped: true });
    expect(past.list).toHaveLength(1);
    expect(await page(1, { keyword: t.owner.email })).toMatchObject({ total: 1, total_capped: false });
  });

  it(`answers ${LIST_TOTAL_CAP.toLocaleString('en-US')}+ past the contract's cap`, async () => {
    const t = await team();
    // Just over the cap in one statement, as bench/team fills: the cap, plus the owner and user admin.
    await app.db.execute(sql`
      insert into users (email, username, role_id, status, company_id, workspace_id, active_workspace_id)
      select 'capped-' || g || '-' || ${t.company.id} || '@example.com', 'capped' || g, ${Role.user}, 1,
             ${t.company.id}, ${t.root.id}, ${t.root.id}
      from generate_series(1, ${LIST_TOTAL_CAP}) g`);
    const list = async (query: Record<string, string>) =>
      (await t.asOwner({ method: 'GET', url: url('user'), query })).json().data;
    expect(await list({ keyword: 'capped' })).toMatchObject({
      total: LIST_TOTAL_CAP,
      total_capped: false,
    });
    const all = await list({ page_size: '20' });
    expect(all).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
    expect(all.list).toHaveLength(20);
    const past = await list({ page: String(LIST_TOTAL_CAP / 20 + 1), page_size: '20' });
    expect(past.list).toHaveLength(2);
  });
});

describe('POST user', () => {
  it('creates an inactive member and mails the invite with an activation link', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    const address = email();
    const response = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: {
        email: address.toUpperCase(),
        username: 'Grace',
        nickname: 'G',
        role_id: Role.userAdmin,
        group_id: t.sub.id,
        category_id: category.id,
      },
    });
    expect(response.json()).toMatchObject({
      code: 220000,
      data: {
        email: address,
        username: 'Grace',
        status: AccountStatus.inactive,
        role_id: 3,
        group_id: t.sub.id,
      },
    });
    const row = await rowOf(response.json().data.user_id);
    expect(row).toMatchObject({ companyId: t.company.id, createdBy: t.owner.id, passwordHash: null });

    // The invite leads to /user/active, where the member chooses a password and becomes active.
    const code = await linkCode(app, address, '/user/active');
    const activate = await app.inject({
      method: 'POST',
      url: `/backend/account/active/${code}`,
      payload: { password: 'Member-pass1!', confirm_password: 'Member-pass1!' },
    });
    expect(activate.json().code).toBe(220000);
    expect(await loginAs(app, address, 'Member-pass1!')).toEqual(expect.any(String));
  });

  it('refuses a role above what the caller may assign with 403001', async () => {
    const t = await team();
    const payload = { email: email(), username: 'X', group_id: t.sub.id };
    const byOwner = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: { ...payload, role_id: Role.owner },
    });
    expect(byOwner.json().code).toBe(403001);
    const byAdmin = await t.asAdmin({
      method: 'POST',
      url: url('user'),
      payload: { ...payload, role_id: Role.userAdmin },
    });
    expect(byAdmin.json().code).toBe(403001);
    expect(await mailsTo(app, payload.email)).toHaveLength(0);
  });

  it('refuses another company’s workspace or group with 404001', async () => {
    const t = await team();
    const other = await buildTenant(app);
    const otherCategory = await buildCategory(app, other.company.id);
    const base = { email: email(), username: 'X', role_id: Role.user };
    const foreignWorkspace = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: { ...base, group_id: other.root.id },
    });
    expect(foreignWorkspace.json().code).toBe(404001);
    const foreignCategory = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: { ...base, group_id: t.sub.id, category_id: otherCategory.id },
    });
    expect(foreignCategory.json().code).toBe(404001);
    // A user admin cannot place a member above its own workspace.
    const above = await t.asAdmin({
      method: 'POST',
      url: url('user'),
      payload: { ...base, group_id: t.root.id },
    });
    expect(above.json().code).toBe(404001);
  });

  it('refuses a taken email with 409002', async () => {
    const t = await team();
    const response = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: { email: t.admin.email, username: 'X', role_id: Role.user, group_id: t.sub.id },
    });
    expect(response.json().code).toBe(409002);
  });

  it('refuses a user beyond the company limit with 409003 and its message', async () => {
    const t = await team({ userLimit: 2 });
    const payload = () => ({ email: email(), username: 'X', role_id: Role.user, group_id: t.sub.id });
    // The owner is not counted; the user admin is the first of two.
    expect((await t.asOwner({ method: 'POST', url: url('user'), payload: payload() })).json().code).toBe(
      220000,
    );
    const refused = await t.asOwner({ method: 'POST', url: url('user'), payload: payload() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 409003,
      msg: 'The number of users created by this company has exceeded the maximum.',
    });
    const german = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: payload(),
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().msg).toBe(
      'Die Anzahl der von diesem Unternehmen angelegten Benutzer hat das Maximum überschritten.',
    );
  });

  it('checks names and email with the contract’s messages', async () => {
    const t = await team();
    const response = await t.asOwner({
      method: 'POST',
      url: url('user'),
      payload: { email: 'nope', username: 'x'.repeat(65), role_id: Role.user, group_id: t.sub.id },
    });
    expect(response.json().code).toBe(400001);
    expect(response.json().msg).toContain('Please input the correct email format');
    expect(response.json().msg).toContain('Names can be at most 64 characters long');
  });
});

describe('GET user/{user_id}', () => {
  it('answers a visible user and 404001 for anyone else', async () => {
    const t = await team();
    const other = await buildTenant(app);
    const mine = await t.asOwner({ method: 'GET', url: url(`user/${t.admin.id}`) });
    expect(mine.json()).toMatchObject({ code: 220000, data: { user_id: t.admin.id, email: t.admin.email } });
    expect(mine.json().data).not.toHaveProperty('password_hash');
    const theirs = await t.asOwner({ method: 'GET', url: url(`user/${other.owner.id}`) });
    expect(theirs.json().code).toBe(404001);
  });
});

describe('PUT user/{user_id}', () => {
  it('changes name, role, workspace and group', async () => {
    const t = await team();
    const member = await buildMember(app, t.root);
    const category = await buildCategory(app, t.company.id);
    const response = await t.asOwner({
      method: 'PUT',
      url: url(`user/${member.id}`),
      payload: { username: 'Renamed', role_id: Role.userAdmin, group_id: t.sub.id, category_id: category.id },
    });
    expect(response.json()).toMatchObject({
      code: 220000,
      data: { username: 'Renamed', role_id: 3, group_id: t.sub.id, category_id: category.id },
    });
    expect(await rowOf(member.id)).toMatchObject({ activeWorkspaceId: t.sub.id });
  });

  it('refuses promoting above the caller, editing a peer or oneself (403001), and a foreign workspace (404001)', async () => {
    const t = await team();
    const member = await buildMember(app, t.sub);
    const promote = await t.asAdmin({
      method: 'PUT',
      url: url(`user/${member.id}`),
      payload: { username: 'X', role_id: Role.userAdmin, group_id: t.sub.id },
    });
    expect(promote.json().code).toBe(403001);
    const peer = await buildMember(app, t.sub, Role.userAdmin);
    const editPeer = await t.asAdmin({
      method: 'PUT',
      url: url(`user/${peer.id}`),
      payload: { username: 'X', role_id: Role.user, group_id: t.sub.id },
    });
    expect(editPeer.json().code).toBe(403001);
    const self = await t.asOwner({
      method: 'PUT',
      url: url(`user/${t.owner.id}`),
      payload: { username: 'X', role_id: Role.owner, group_id: t.root.id },
    });
    expect(self.json().code).toBe(403001);
    const other = await buildTenant(app);
    const moveAway = await t.asOwner({
      method: 'PUT',
      url: url(`user/${member.id}`),
      payload: { username: 'X', role_id: Role.user, group_id: other.root.id },
    });
    expect(moveAway.json().code).toBe(404001);
    expect(await rowOf(member.id)).toMatchObject({ username: member.username, roleId: Role.user });
  });

  it('applies a new role and workspace at the user’s next call', async () => {
    const t = await team();
    const sibling = await buildWorkspace(app, t.company.id, t.root.id);
    const asAdmin = t.asAdmin;
    const list = () => asAdmin({ method: 'GET', url: url('workspace') });
    expect((await list()).json().data.list.map((w: { group_id: number }) => w.group_id)).toEqual([t.sub.id]);
    const moved = await t.asOwner({
      method: 'PUT',
      url: url(`user/${t.admin.id}`),
      payload: { username: 'Moved', role_id: Role.userAdmin, group_id: sibling.id },
    });
    expect(moved.json().code).toBe(220000);
    expect((await list()).json().data.list.map((w: { group_id: number }) => w.group_id)).toEqual([
      sibling.id,
    ]);
    await t.asOwner({
      method: 'PUT',
      url: url(`user/${t.admin.id}`),
      payload: { username: 'Demoted', role_id: Role.user, group_id: sibling.id },
    });
    expect((await list()).json().code).toBe(403001);
  });

  it('refuses taking the owner role from a company’s last owner', async () => {
    const t = await team();
    const system = await loggedIn(app, { role: Role.system });
    const response = await system.call({
      method: 'PUT',
      url: url(`user/${t.owner.id}`),
      payload: { username: 'X', role_id: Role.userAdmin, group_id: t.root.id },
    });
    expect(response.json()).toMatchObject({ code: 409001, msg: 'A company must keep at least one owner.' });
  });
});

describe('DELETE user/{user_id} and DELETE user', () => {
  it('deletes a member', async () => {
    const t = await team();
    const member = await buildMember(app, t.sub);
    const response = await t.asAdmin({ method: 'DELETE', url: url(`user/${member.id}`) });
    expect(response.json().code).toBe(220000);
    expect(await rowOf(member.id)).toBeUndefined();
  });

  it('refuses oneself, the last owner, a peer and a stranger', async () => {
    const t = await team();
    const self = await t.asAdmin({ method: 'DELETE', url: url(`user/${t.admin.id}`) });
    expect(self.json()).toMatchObject({
      code: 409001,
      msg: 'You cannot delete or disable your own account.',
    });
    const system = await loggedIn(app, { role: Role.system });
    const lastOwner = await system.call({ method: 'DELETE', url: url(`user/${t.owner.id}`) });
    expect(lastOwner.json().code).toBe(409001);
    const peer = await buildMember(app, t.sub, Role.userAdmin);
    expect((await t.asAdmin({ method: 'DELETE', url: url(`user/${peer.id}`) })).json().code).toBe(403001);
    const other = await buildTenant(app);
    const stranger = await buildMember(app, other.root);
    expect((await t.asOwner({ method: 'DELETE', url: url(`user/${stranger.id}`) })).json().code).toBe(404001);
    for (const id of [t.admin.id, t.owner.id, peer.id, stranger.id]) expect(await rowOf(id)).toBeDefined();
  });

  it('deletes a second owner and names the remaining one as the company’s owner', async () => {
    const t = await team();
    const second = await buildMember(app, t.root, Role.owner);
    const system = await loggedIn(app, { role: Role.system });
    expect((await system.call({ method: 'DELETE', url: url(`user/${t.owner.id}`) })).json().code).toBe(
      220000,
    );
    const [company] = await app.db.select().from(companies).where(eq(companies.id, t.company.id));
    expect(company.ownerUserId).toBe(second.id);
  });

  it('deletes in bulk all or nothing', async () => {
    const t = await team();
    const a = await buildMember(app, t.sub);
    const b = await buildMember(app, t.sub);
    const peer = await buildMember(app, t.sub, Role.userAdmin);
    const refused = await t.asAdmin({
      method: 'DELETE',
      url: url('user'),
      payload: { ids: [a.id, peer.id] },
    });
    expect(refused.json().code).toBe(403001);
    expect(await rowOf(a.id)).toBeDefined();
    const empty = await t.asAdmin({ method: 'DELETE', url: url('user'), payload: { ids: [] } });
    expect(empty.json().msg).toContain('Please select at least one item');
    const done = await t.asAdmin({ method: 'DELETE', url: url('user'), payload: { ids: [a.id, b.id] } });
    expect(done.json().code).toBe(220000);
    expect(await rowOf(a.id)).toBeUndefined();
    expect(await rowOf(b.id)).toBeUndefined();
  });
});

describe('POST user/toggle', () => {
  it('disables a user, whose next call gets 600004, and enables them again', async () => {
    const t = await team();
    const member = await buildMember(app, t.sub);
    const token = await loginAs(app, member.email);
    const memberCall = as(app, token);
    expect((await memberCall({ method: 'GET', url: url('workspace/select-list') })).json().code).toBe(220000);

    const off = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [member.id], status: 2 },
    });
    expect(off.json().code).toBe(220000);
    expect((await rowOf(member.id)).status).toBe(AccountStatus.disabled);
    expect((await memberCall({ method: 'GET', url: url('workspace/select-list') })).json().code).toBe(600004);
    const login = await app.inject({
      method: 'POST',
      url: '/backend/account/login',
      payload: { email: member.email, password: 'Secret-pass1', accept_terms: true },
    });
    expect(login.json().code).toBe(403003);

    const on = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [member.id], status: 1 },
    });
    expect(on.json().code).toBe(220000);
    expect(await loginAs(app, member.email)).toEqual(expect.any(String));
  });

  it('refuses an inactive account, oneself, a peer, and a status other than 1 or 2', async () => {
    const t = await team();
    const invited = await buildMember(app, t.sub, Role.user, { status: AccountStatus.inactive });
    const inactive = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [invited.id], status: 1 },
    });
    expect(inactive.json()).toMatchObject({ code: 409001 });
    expect((await rowOf(invited.id)).status).toBe(AccountStatus.inactive);
    const self = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [t.admin.id], status: 2 },
    });
    expect(self.json().code).toBe(409001);
    const peer = await buildMember(app, t.sub, Role.userAdmin);
    const peerOff = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [peer.id], status: 2 },
    });
    expect(peerOff.json().code).toBe(403001);
    const zero = await t.asAdmin({
      method: 'POST',
      url: url('user/toggle'),
      payload: { ids: [invited.id], status: 0 },
    });
    expect(zero.json().code).toBe(400001);
  });
});

describe('POST user/send/{user_id}', () => {
  it('mails a fresh invite to an inactive user; the earlier link stops working', async () => {
    const t = await team();
    const invited = await buildMember(app, t.sub, Role.user, { status: AccountStatus.inactive });
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, invited.id));
    expect((await t.asAdmin({ method: 'POST', url: url(`user/send/${invited.id}`) })).json().code).toBe(
      220000,
    );
    const first = await linkCode(app, invited.email, '/user/active');
    expect((await t.asAdmin({ method: 'POST', url: url(`user/send/${invited.id}`) })).json().code).toBe(
      220000,
    );
    const second = await linkCode(app, invited.email, '/user/active');
    expect(second).not.toBe(first);
    const check = (code: string) =>
      app.inject({ method: 'POST', url: '/backend/account/check/code', payload: { active_code: code } });
    expect((await check(first)).json().code).toBe(400002);
    expect((await check(second)).json()).toMatchObject({ code: 220000, data: { email: invited.email } });
  });

  it('refuses an active user (409001), a peer (403001) and a stranger (404001)', async () => {
    const t = await team();
    const active = await buildMember(app, t.sub);
    expect((await t.asAdmin({ method: 'POST', url: url(`user/send/${active.id}`) })).json()).toMatchObject({
      code: 409001,
      msg: 'This account is already activated.',
    });
    const peer = await buildMember(app, t.sub, Role.userAdmin, { status: AccountStatus.inactive });
    expect((await t.asAdmin({ method: 'POST', url: url(`user/send/${peer.id}`) })).json().code).toBe(403001);
    const stranger = await buildUser(app, { status: AccountStatus.inactive });
    expect((await t.asOwner({ method: 'POST', url: url(`user/send/${stranger.id}`) })).json().code).toBe(
      404001,
    );
    expect(await mailsTo(app, active.email)).toHaveLength(0);
  });
});

describe('GET role/all-list', () => {
  it('answers the roles a caller may see (filter 0) or assign (filter 1)', async () => {
    const t = await team();
    const ids = async (call: typeof t.asOwner, filter: string) =>
      (await call({ method: 'GET', url: url('role/all-list'), query: { filter } }))
        .json()
        .data.map((role: { role_id: number }) => role.role_id);
    expect(await ids(t.asOwner, '1')).toEqual([3, 4]);
    expect(await ids(t.asOwner, '0')).toEqual([6, 3, 4]);
    expect(await ids(t.asAdmin, '1')).toEqual([4]);
    const system = await loggedIn(app, { role: Role.system });
    expect(await ids(system.call, '1')).toEqual([6, 3, 4]);
    const names = (await t.asOwner({ method: 'GET', url: url('role/all-list') })).json().data;
    expect(names[0]).toEqual({ role_id: 6, name: 'owner' });
  });
});
