import { randomBytes } from 'node:crypto';
import { AccountStatus, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
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
const email = () => `si-${randomBytes(4).toString('hex')}@example.com`;

describe('POST customer', () => {
  it('creates the customer and its inactive customer account, and mails the invite', async () => {
    const address = email();
    const response = await system({
      method: 'POST',
      url: url('customer'),
      payload: {
        customer_name: 'Signal Integrators',
        client_type: 'reseller',
        email: address,
        username: 'Sam',
      },
    });
    expect(response.json()).toMatchObject({
      code: 220000,
      data: {
        customer_name: 'Signal Integrators',
        client_type: 'reseller',
        email: address,
        company_count: 0,
        user_admin_count: 0,
        member_count: 0,
        device_count: 0,
      },
    });
    const [account] = await app.db.select().from(users).where(eq(users.email, address));
    expect(account).toMatchObject({
      roleId: Role.customer,
      status: AccountStatus.inactive,
      customerId: response.json().data.customer_id,
    });
    expect(await linkCode(app, address, '/user/active')).toEqual(expect.any(String));
  });

  it('refuses a taken email (409002), a missing name (400001) and a tenant role (403001)', async () => {
    const tenant = await buildTenant(app);
    const taken = await system({
      method: 'POST',
      url: url('customer'),
      payload: { customer_name: 'X', email: tenant.owner.email, username: 'X' },
    });
    expect(taken.json().code).toBe(409002);
    const unnamed = await system({
      method: 'POST',
      url: url('customer'),
      payload: { email: email(), username: 'X' },
    });
    expect(unnamed.json().msg).toContain('Please input the name');
    const asOwner = await callAs(app, tenant.owner);
    const refused = await asOwner({
      method: 'POST',
      url: url('customer'),
      payload: { customer_name: 'X', email: email(), username: 'X' },
    });
    expect(refused.json().code).toBe(403001);
  });
});

describe('GET customer and customer/all-list', () => {
  it('lists customers with their counts, searchable and sorted', async () => {
    const { customer } = await buildCustomer(app, `Zeta ${randomBytes(3).toString('hex')}`);
    const tenant = await buildTenant(app, { customerId: customer.id });
    const sub = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    await buildMember(app, sub, Role.userAdmin);
    await buildMember(app, sub, Role.user);
    await buildMember(app, sub, Role.user);

    const found = (
      await system({
        method: 'GET',
        url: url('customer'),
        query: { keyword: customer.name, sort: 'company_count,desc' },
      })
    ).json();
    expect(found.data).toMatchObject({
      total: 1,
      list: [{ customer_id: customer.id, company_count: 1, user_admin_count: 2, member_count: 2 }],
    });
    expect(found.data.list[0].email).toContain('@example.com');

    const options = (await system({ method: 'GET', url: url('customer/all-list') })).json().data;
    expect(options).toContainEqual({ customer_id: customer.id, customer_name: customer.name });
  });
});

describe('PUT customer/{customer_id}', () => {
  it('renames and changes the client type; an unknown id is 404001', async () => {
    const { customer } = await buildCustomer(app);
    const response = await system({
      method: 'PUT',
      url: url(`customer/${customer.id}`),
      payload: { customer_name: 'Renamed', client_type: null },
    });
    expect(response.json()).toMatchObject({
      code: 220000,
      data: { customer_name: 'Renamed', client_type: null },
    });
    const missing = await system({
      method: 'PUT',
      url: url('customer/99999999'),
      payload: { customer_name: 'X' },
    });
    expect(missing.json().code).toBe(404001);
  });
});

describe('DELETE customer/{customer_id}', () => {
  it('refuses while the customer has companies, then deletes it with its account', async () => {
    const { customer, account } = await buildCustomer(app);
    const tenant = await buildTenant(app, { customerId: customer.id });
    const refused = await system({ method: 'DELETE', url: url(`customer/${customer.id}`) });
    expect(refused.json()).toMatchObject({
      code: 409001,
      msg: 'This customer still has companies. Delete them first.',
    });

    expect((await system({ method: 'DELETE', url: url(`group/${tenant.company.id}`) })).json().code).toBe(
      220000,
    );
    expect((await system({ method: 'DELETE', url: url(`customer/${customer.id}`) })).json().code).toBe(
      220000,
    );
    expect(await app.db.select().from(customers).where(eq(customers.id, customer.id))).toHaveLength(0);
    expect(await app.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(0);
  });
});

describe('customer sub-lists', () => {
  it('lists the user admins, members, companies and devices of a customer', async () => {
    const { customer } = await buildCustomer(app);
    const tenant = await buildTenant(app, { customerId: customer.id });
    const admin = await buildMember(app, tenant.root, Role.userAdmin);
    const member = await buildMember(app, tenant.root, Role.user);
    await buildTenant(app); // another customer's never show

    const ids = (data: { list: { user_id: number }[] }) => data.list.map((row) => row.user_id).sort();
    const admins = (
      await system({ method: 'GET', url: url(`customer/${customer.id}/user-admin-list`) })
    ).json();
    expect(ids(admins.data)).toEqual([tenant.owner.id, admin.id].sort());
    const members = (await system({ method: 'GET', url: url(`customer/${customer.id}/member-list`) })).json();
    expect(ids(members.data)).toEqual([member.id]);
    const list = (await system({ method: 'GET', url: url(`customer/${customer.id}/company-list`) })).json();
    expect(list.data).toMatchObject({ total: 1, list: [{ company_id: tenant.company.id }] });
    const devices = (await system({ method: 'GET', url: url(`customer/${customer.id}/device-list`) })).json();
    expect(devices.data).toEqual({ list: [], total: 0, total_capped: false });
    const missing = await system({ method: 'GET', url: url('customer/99999999/member-list') });
    expect(missing.json().code).toBe(404001);
  });
});
