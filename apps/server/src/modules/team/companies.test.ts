import { randomBytes } from 'node:crypto';
import { AccountStatus, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, users, workspaces } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { linkCode } from '../../test/mailbox';
import { buildCustomer, buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const url = (path: string) => `/backend/manager/account/${path}`;
const email = () => `owner-${randomBytes(4).toString('hex')}@example.com`;
const companyRow = async (id: number) =>
  (await app.db.select().from(companies).where(eq(companies.id, id)))[0];

describe('POST group', () => {
  it('makes the company, its root workspace and its inactive owner, and mails the invite', async () => {
    const { customer } = await buildCustomer(app);
    const address = email();
    const response = await system({
      method: 'POST',
      url: url('group'),
      payload: {
        company_name: 'Harbour Screens',
        owner_email: address,
        owner_username: 'Olga',
        user_limit: 5,
        customer_id: customer.id,
      },
    });
    const data = response.json().data;
    expect(data).toMatchObject({
      company_name: 'Harbour Screens',
      owner: { email: address, username: 'Olga', status: AccountStatus.inactive },
      customer_id: customer.id,
      customer_name: customer.name,
      member_count: 1,
      owned_devices: 0,
      user_limit: 5,
      origin: 1,
      can_del: true,
    });
    const [root] = await app.db.select().from(workspaces).where(eq(workspaces.id, data.group_id));
    expect(root).toMatchObject({ companyId: data.company_id, parentId: null, name: 'Harbour Screens' });
    const [owner] = await app.db.select().from(users).where(eq(users.email, address));
    expect(owner).toMatchObject({ roleId: Role.owner, companyId: data.company_id, workspaceId: root.id });
    expect(await linkCode(app, address, '/user/active')).toEqual(expect.any(String));
  });

  it('gives a customer’s company to that customer (origin 2); another customer’s id is 404001', async () => {
    const mine = await buildCustomer(app);
    const theirs = await buildCustomer(app);
    const made = await mine.call({
      method: 'POST',
      url: url('group'),
      payload: { company_name: 'Mine', owner_email: email(), owner_username: 'O' },
    });
    expect(made.json().data).toMatchObject({ customer_id: mine.customer.id, origin: 2 });
    const refused = await mine.call({
      method: 'POST',
      url: url('group'),
      payload: {
        company_name: 'X',
        owner_email: email(),
        owner_username: 'O',
        customer_id: theirs.customer.id,
      },
    });
    expect(refused.json().code).toBe(404001);
  });

  it('refuses owners (403001), a taken email (409002) and a limit out of range (400001)', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    const payload = { company_name: 'X', owner_email: email(), owner_username: 'O' };
    expect((await asOwner({ method: 'POST', url: url('group'), payload })).json().code).toBe(403001);
    const taken = await system({
      method: 'POST',
      url: url('group'),
      payload: { ...payload, owner_email: tenant.owner.email },
    });
    expect(taken.json().code).toBe(409002);
    const limit = await system({
      method: 'POST',
      url: url('group'),
      payload: { ...payload, user_limit: 10000 },
    });
    expect(limit.json().msg).toContain('The user limit is a whole number from 1 to 9999');
  });
});

describe('GET group, sys-generation, user-generation, group/{id}', () => {
  it('shows a customer only its companies, split by who made them', async () => {
    const si = await buildCustomer(app);
    const byPlatform = await buildTenant(app, { customerId: si.customer.id, origin: 1 });
    const byCustomer = await buildTenant(app, { customerId: si.customer.id, origin: 2 });
    const foreign = await buildTenant(app);
    const ids = async (path: string) =>
      (await si.call({ method: 'GET', url: url(path) }))
        .json()
        .data.list.map((c: { company_id: number }) => c.company_id);
    expect((await ids('group')).sort()).toEqual([byPlatform.company.id, byCustomer.company.id].sort());
    expect(await ids('group/sys-generation')).toEqual([byPlatform.company.id]);
    expect(await ids('group/user-generation')).toEqual([byCustomer.company.id]);
    expect((await si.call({ method: 'GET', url: url(`group/${foreign.company.id}`) })).json().code).toBe(
      404001,
    );
    const one = await si.call({ method: 'GET', url: url(`group/${byCustomer.company.id}`) });
    expect(one.json().data).toMatchObject({
      company_id: byCustomer.company.id,
      owner: { user_id: byCustomer.owner.id },
    });
  });

  it('filters the platform’s list by customer and keyword', async () => {
    const si = await buildCustomer(app);
    const name = `Needle ${randomBytes(3).toString('hex')}`;
    const tenant = await buildTenant(app, { customerId: si.customer.id, name });
    const list = (
      await system({
        method: 'GET',
        url: url('group'),
        query: { customer_id: String(si.customer.id), keyword: name },
      })
    ).json().data;
    expect(list).toMatchObject({ total: 1, list: [{ company_id: tenant.company.id, company_name: name }] });
  });
});

describe('PUT group/{company_id}', () => {
  it('renames and sets the user limit; an owner cannot (403001)', async () => {
    const tenant = await buildTenant(app);
    const response = await system({
      method: 'PUT',
      url: url(`group/${tenant.company.id}`),
      payload: { company_name: 'Renamed', user_limit: 3 },
    });
    expect(response.json().data).toMatchObject({ company_name: 'Renamed', user_limit: 3 });
    const asOwner = await callAs(app, tenant.owner);
    const refused = await asOwner({
      method: 'PUT',
      url: url(`group/${tenant.company.id}`),
      payload: { company_name: 'Mine', user_limit: 9999 },
    });
    expect(refused.json().code).toBe(403001);
    expect((await companyRow(tenant.company.id)).userLimit).toBe(3);
  });
});

describe('DELETE group/{id}', () => {
  it('refuses while it has members besides the owner, then deletes it with owner and workspaces', async () => {
    const tenant = await buildTenant(app);
    const sub = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const member = await buildMember(app, sub);
    const refused = await system({ method: 'DELETE', url: url(`group/${tenant.company.id}`) });
    expect(refused.json()).toMatchObject({ code: 409001 });

    await app.db.delete(users).where(eq(users.id, member.id));
    const done = await system({ method: 'DELETE', url: url(`group/${tenant.company.id}`) });
    expect(done.json().code).toBe(220000);
    expect(await companyRow(tenant.company.id)).toBeUndefined();
    expect(
      await app.db.select().from(workspaces).where(eq(workspaces.companyId, tenant.company.id)),
    ).toHaveLength(0);
    expect(await app.db.select().from(users).where(eq(users.id, tenant.owner.id))).toHaveLength(0);
  });

  it('is 404001 for another customer’s company and 403001 for its own owner', async () => {
    const si = await buildCustomer(app);
    const foreign = await buildTenant(app);
    expect((await si.call({ method: 'DELETE', url: url(`group/${foreign.company.id}`) })).json().code).toBe(
      404001,
    );
    const asOwner = await callAs(app, foreign.owner);
    expect((await asOwner({ method: 'DELETE', url: url(`group/${foreign.company.id}`) })).json().code).toBe(
      403001,
    );
    expect(await companyRow(foreign.company.id)).toBeDefined();
  });
});

describe('group/{group_id} sub-lists', () => {
  it('lists a company’s members, devices and content', async () => {
    const tenant = await buildTenant(app);
    const member = await buildMember(app, tenant.root);
    const members = (
      await system({ method: 'GET', url: url(`group/${tenant.company.id}/member-list`) })
    ).json();
    expect(members.data.list.map((u: { user_id: number }) => u.user_id).sort()).toEqual(
      [tenant.owner.id, member.id].sort(),
    );
    const list = async (path: string) =>
      (await system({ method: 'GET', url: url(`group/${tenant.company.id}/${path}`) })).json().data;
    expect(await list('device-list')).toEqual({ list: [], total: 0, total_capped: false });
    expect(await list('content')).toEqual({ list: [], total: 0 });
    const device = await buildDevice(app, tenant.root);
    const item = await buildContent(app, tenant.root, { name: 'Menu.png' });
    await buildContent(app, (await buildTenant(app)).root, { name: 'Other company.png' });
    expect(await list('device-list')).toMatchObject({ total: 1, list: [{ device_id: device.row.id }] });
    expect(await list('content')).toMatchObject({
      total: 1,
      list: [{ content_id: item.id, name: 'Menu.png' }],
    });
    expect((await system({ method: 'GET', url: url('group/99999999/member-list') })).json().code).toBe(
      404001,
    );
  });
});
