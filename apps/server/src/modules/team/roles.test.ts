import { DEFAULT_ROLE_PERMISSIONS, ROLE_CEILING, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { loggedIn } from '../../test/factories';
import { buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const url = (path: string) => `/backend/manager/account/${path}`;

describe('GET role/permission', () => {
  it('answers every role with its grants, ceiling and defaults', async () => {
    const data = (await system({ method: 'GET', url: url('role/permission') })).json().data;
    expect(data).toHaveLength(6);
    const owner = data.find((row: { role_id: number }) => row.role_id === Role.owner);
    expect(owner).toEqual({
      role_id: 6,
      name: 'owner',
      permissions: [...DEFAULT_ROLE_PERMISSIONS[Role.owner]],
      ceiling: [...ROLE_CEILING[Role.owner]],
      defaults: [...DEFAULT_ROLE_PERMISSIONS[Role.owner]],
    });
  });

  it('is refused to every other role (403001)', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    expect((await asOwner({ method: 'GET', url: url('role/permission') })).json().code).toBe(403001);
  });
});

describe('PUT role/permission/{role_id}', () => {
  it('changes a role’s grants, which logged-in users get at their next request', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    expect((await asOwner({ method: 'GET', url: url('user') })).json().code).toBe(220000);

    const without = DEFAULT_ROLE_PERMISSIONS[Role.owner].filter((key) => key !== 'team:user:list');
    const saved = await system({
      method: 'PUT',
      url: url('role/permission/6'),
      payload: { permissions: without },
    });
    expect(saved.json().data).toMatchObject({ role_id: 6, permissions: without });
    expect((await asOwner({ method: 'GET', url: url('user') })).json().code).toBe(403001);

    const restored = await system({
      method: 'PUT',
      url: url('role/permission/6'),
      payload: { permissions: DEFAULT_ROLE_PERMISSIONS[Role.owner] },
    });
    expect(restored.json().code).toBe(220000);
    expect((await asOwner({ method: 'GET', url: url('user') })).json().code).toBe(220000);
  });

  it('refuses grants beyond the ceiling, unknown keys, an unknown role, and the system role dropping setting:pms', async () => {
    const beyond = await system({
      method: 'PUT',
      url: url(`role/permission/${Role.user}`),
      payload: { permissions: ['dashboard:data', 'setting:pms'] },
    });
    expect(beyond.json()).toMatchObject({
      code: 400001,
      msg: 'These permissions are beyond what this role may hold.',
    });
    const unknown = await system({
      method: 'PUT',
      url: url('role/permission/4'),
      payload: { permissions: ['nope'] },
    });
    expect(unknown.json().code).toBe(400001);
    const role = await system({ method: 'PUT', url: url('role/permission/9'), payload: { permissions: [] } });
    expect(role.json().code).toBe(404001);
    const lockout = await system({
      method: 'PUT',
      url: url(`role/permission/${Role.system}`),
      payload: { permissions: ['dashboard:data'] },
    });
    expect(lockout.json()).toMatchObject({
      code: 400001,
      msg: 'The system role must keep the permission setting.',
    });
    expect((await system({ method: 'GET', url: url('role/permission') })).json().code).toBe(220000);
  });
});
