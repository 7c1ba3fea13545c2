import { Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { loggedIn } from '../test/factories';
import { buildCustomer, buildMember, buildTenant, buildWorkspace, callAs } from '../test/team-factories';
import { subtreeOf } from './tenancy';

describe('subtreeOf', () => {
  const links = [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 2 },
    { id: 4, parentId: 1 },
  ];
  it('collects a workspace and everything below it', () => {
    expect(subtreeOf(links, 2).sort()).toEqual([2, 3]);
    expect(subtreeOf(links, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(subtreeOf(links, 9)).toEqual([]);
  });
  it('stops on a damaged tree with a loop', () => {
    expect(subtreeOf([...links, { id: 5, parentId: 6 }, { id: 6, parentId: 5 }], 5).sort()).toEqual([5, 6]);
  });
});

describe('the Workspace-Id header', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  const tree = '/backend/manager/account/workspace';

  it('accepts a workspace the caller may use and refuses any other with 403002', async () => {
    const tenant = await buildTenant(app);
    const a = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const b = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const admin = await buildMember(app, a, Role.userAdmin);
    const asAdmin = await callAs(app, admin);
    const other = await buildTenant(app);
    const call = (id: number) =>
      asAdmin({ method: 'GET', url: tree, headers: { 'workspace-id': String(id) } });

    expect((await call(a.id)).json().code).toBe(220000);
    for (const id of [b.id, tenant.root.id, other.root.id, 99999999]) {
      const response = await call(id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403002, msg: 'You cannot use this workspace.' });
    }
    // The selector's tree answers whatever the header holds, so a console can reset a stale choice.
    const select = await asAdmin({
      method: 'GET',
      url: `${tree}/select-list`,
      headers: { 'workspace-id': String(b.id) },
    });
    expect(select.json().code).toBe(220000);
  });

  it('lets a customer use its companies’ workspaces and the platform any, but not a missing one', async () => {
    const si = await buildCustomer(app);
    const mine = await buildTenant(app, { customerId: si.customer.id });
    const foreign = await buildTenant(app);
    const list = '/backend/manager/account/group';
    const header = (id: number) => ({ 'workspace-id': String(id) });
    expect((await si.call({ method: 'GET', url: list, headers: header(mine.root.id) })).json().code).toBe(
      220000,
    );
    expect((await si.call({ method: 'GET', url: list, headers: header(foreign.root.id) })).json().code).toBe(
      403002,
    );
    const system = await loggedIn(app, { role: Role.system });
    expect(
      (await system.call({ method: 'GET', url: list, headers: header(foreign.root.id) })).json().code,
    ).toBe(220000);
    expect((await system.call({ method: 'GET', url: list, headers: header(99999999) })).json().code).toBe(
      403002,
    );
    // Beyond the 32-bit ids: no such workspace either (not a failed query).
    expect(
      (await system.call({ method: 'GET', url: list, headers: header(2_147_483_648) })).json().code,
    ).toBe(403002);
  });

  it('leaves public routes alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/backend/health',
      headers: { 'workspace-id': '99999999' },
    });
    expect(response.json().code).toBe(220000);
  });
});
