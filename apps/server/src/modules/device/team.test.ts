import { ResultCode, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildUser } from '../../test/factories';
import { buildCustomer, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

// The team area seen with devices in it: counts, device lists, and deletes that devices block.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const url = (path: string) => `/backend/manager/account/${path}`;

describe('devices in the team area', () => {
  it('counts and lists a workspace’s, a company’s and a customer’s devices', async () => {
    const ca = await buildCustomer(app);
    const t = await buildTenant(app, { customerId: ca.customer.id });
    const a1 = await buildWorkspace(app, t.company.id, t.root.id, 'A1');
    const shown = await buildDevice(app, a1, 'Counter');
    await buildDevice(app, t.root, 'Entrance');
    const other = await buildTenant(app);
    await buildDevice(app, other.root, 'Elsewhere');
    const asOwner = await callAs(app, t.owner);

    const spaces = (await asOwner({ method: 'GET', url: url('workspace') })).json().data.list;
    expect(spaces.find((w: { group_id: number }) => w.group_id === a1.id).device_count).toBe(1);
    const inA1 = (await asOwner({ method: 'GET', url: url(`workspace/${a1.id}/device-list`) })).json().data;
    expect(inA1).toEqual({
      list: [
        {
          device_id: shown.row.id,
          device_name: 'Counter',
          signage_id: shown.state.signage_id,
          status: shown.row.status,
          company_id: t.company.id,
          group_id: a1.id,
          group_name: 'A1',
        },
      ],
      total: 1,
      total_capped: false,
    });

    const inCompany = (
      await ca.call({ method: 'GET', url: url(`group/${t.company.id}/device-list`) })
    ).json();
    expect(inCompany.data.total).toBe(2);
    const company = (await ca.call({ method: 'GET', url: url(`group/${t.company.id}`) })).json().data;
    expect(company).toMatchObject({ owned_devices: 2, can_del: false });

    const system = await callAs(app, await buildUser(app, { role: Role.system }));
    const ofCustomer = (
      await system({ method: 'GET', url: url(`customer/${ca.customer.id}/device-list`) })
    ).json().data;
    expect(ofCustomer.list.map((d: { device_name: string }) => d.device_name).sort()).toEqual([
      'Counter',
      'Entrance',
    ]);
    const customers = (
      await system({ method: 'GET', url: url('customer'), query: { keyword: ca.customer.name } })
    ).json().data.list;
    expect(customers[0].device_count).toBe(2);
  });

  it('keeps a workspace and its company from being deleted while devices remain', async () => {
    const ca = await buildCustomer(app);
    const t = await buildTenant(app, { customerId: ca.customer.id });
    const a1 = await buildWorkspace(app, t.company.id, t.root.id, 'A1');
    await buildDevice(app, a1);
    const asOwner = await callAs(app, t.owner);
    const workspace = await asOwner({ method: 'DELETE', url: url(`workspace/${a1.id}`) });
    expect(workspace.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['devices'] } });
    const company = await ca.call({ method: 'DELETE', url: url(`group/${t.company.id}`) });
    expect(company.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['devices'] } });
  });
});
