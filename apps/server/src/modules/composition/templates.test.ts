import { DEFAULT_ROLE_PERMISSIONS, ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { compositionTemplates, rolePermissions } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildCustomer, buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/composition-template';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

type Call = Awaited<ReturnType<typeof tenant>>['call'];

const layout = (extra: object = {}) => ({
  name: 'Lobby layout',
  width: 1920,
  height: 1080,
  zones: [
    { kind: 'media', name: 'Main', x: 0, y: 0, width: 1920, height: 960, content_id: 5 },
    { kind: 'clock', name: 'Clock', x: 0, y: 960, width: 1920, height: 120, font_id: 3 },
  ],
  ...extra,
});

const list = async (call: Call, query: Record<string, string> = {}) => {
  const response = await call({ method: 'GET', url: URL, query });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
};

const save = async (call: Call, payload: object = layout(), headers: Record<string, string> = {}) => {
  const response = await call({ method: 'POST', url: URL, payload, headers });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
};

const SHIPPED = [
  'full-screen',
  'main-ticker',
  'l-shape',
  'two-halves',
  'three-columns',
  'quad',
  'portrait-full',
  'portrait-header-footer',
];

describe('GET composition-template', () => {
  it('offers the shipped layouts first, in their order, then the company’s own', async () => {
    const t = await tenant();
    const other = await tenant();
    await save(other.call, layout({ name: 'Not yours' }));
    const own = await save(t.call);
    const data = await list(t.call, { page_size: '50' });
    expect(data.total).toBe(SHIPPED.length + 1);
    expect(data.list.map((item: { key: string | null }) => item.key)).toEqual([...SHIPPED, null]);
    expect(data.list.at(-1)).toEqual(own);
    expect(data.list[2]).toMatchObject({
      key: 'l-shape',
      shipped: true,
      width: 1920,
      height: 1080,
      orientation: 0,
      zones: [
        { kind: 'media', name: 'Main' },
        { kind: 'playlist' },
        { kind: 'text' },
        { kind: 'clock', settings: { format: 'datetime', color: '#ffffff', font_size: 48 } },
      ],
    });
    // Every shipped zone lies inside its canvas.
    for (const item of data.list) {
      for (const zone of item.zones) {
        expect(zone.x + zone.width).toBeLessThanOrEqual(item.width);
        expect(zone.y + zone.height).toBeLessThanOrEqual(item.height);
      }
    }
    expect((await list(t.call, { orientation: '90' })).list.map((item: { key: string }) => item.key)).toEqual(
      ['portrait-full', 'portrait-header-footer'],
    );
    expect((await list(t.call, { keyword: 'lobby' })).list).toEqual([own]);
  });

  it('is open to the composition editor too, and closed to roles without either permission', async () => {
    const t = await tenant();
    const without = DEFAULT_ROLE_PERMISSIONS[Role.user].filter((key) => key !== 'res:com-temp:list');
    await app.db.insert(rolePermissions).values({ roleId: Role.user, permissions: [...without] });
    await app.matrix.invalidate();
    const member = await callAs(app, await buildMember(app, t.root, Role.user));
    expect((await list(member)).total).toBe(SHIPPED.length);
    expect((await member({ method: 'POST', url: URL, payload: layout() })).json().code).toBe(
      ResultCode.permission,
    );
    await app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, Role.user));
    await app.matrix.invalidate();
    const customer = await buildCustomer(app);
    expect((await customer.call({ method: 'GET', url: URL })).json().code).toBe(ResultCode.permission);
  });
});

describe('POST composition-template', () => {
  it('saves a layout, without what the zones show, for the active workspace’s company', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const saved = await save(t.call, layout({ orientation: 180 }), { 'workspace-id': String(a1.id) });
    expect(saved).toEqual({
      id: expect.any(Number),
      key: null,
      name: 'Lobby layout',
      shipped: false,
      width: 1920,
      height: 1080,
      orientation: 180,
      background_color: '#000000',
      zones: [
        {
          kind: 'media',
          name: 'Main',
          x: 0,
          y: 0,
          width: 1920,
          height: 960,
          background_color: 'transparent',
          settings: { fit: 'contain', muted: true, duration: null },
        },
        {
          kind: 'clock',
          name: 'Clock',
          x: 0,
          y: 960,
          width: 1920,
          height: 120,
          background_color: 'transparent',
          settings: { format: 'time', color: '#ffffff', font_size: 64 },
        },
      ],
      created_at: expect.any(String),
    });
    const [row] = await app.db
      .select()
      .from(compositionTemplates)
      .where(eq(compositionTemplates.id, saved.id));
    expect(row).toMatchObject({ companyId: t.company.id, workspaceId: a1.id, key: null });
    // A member of another workspace of the company sees it: templates are company-wide.
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const member = await callAs(app, await buildMember(app, a2, Role.user));
    expect((await list(member)).list.map((item: { id: number }) => item.id)).toContain(saved.id);
  });

  it('refuses a layout the contract refuses', async () => {
    const t = await tenant();
    const before = await databaseFingerprint(app.db);
    for (const payload of [
      layout({ name: '' }),
      layout({ width: 1000 }),
      layout({ zones: [] }),
      layout({ orientation: 90 }),
    ]) {
      expect((await t.call({ method: 'POST', url: URL, payload })).json().code).toBe(ResultCode.validation);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('PUT and DELETE composition-template/{id}', () => {
  it('renames, replaces and deletes the company’s own', async () => {
    const t = await tenant();
    const saved = await save(t.call);
    const put = await t.call({
      method: 'PUT',
      url: `${URL}/${saved.id}`,
      payload: layout({
        name: 'Renamed',
        zones: [{ kind: 'text', name: 'T', x: 0, y: 0, width: 1920, height: 1080 }],
      }),
    });
    expect(put.json().data).toMatchObject({
      id: saved.id,
      name: 'Renamed',
      zones: [{ kind: 'text', settings: {} }],
    });
    const del = await t.call({ method: 'DELETE', url: `${URL}/${saved.id}` });
    expect(del.json()).toMatchObject({ code: ResultCode.success, data: null });
    expect(
      await app.db.select().from(compositionTemplates).where(eq(compositionTemplates.id, saved.id)),
    ).toEqual([]);
  });

  it('refuses to change a shipped template (403001) and answers 404001 for another company’s', async () => {
    const t = await tenant();
    const other = await tenant();
    const foreign = await save(other.call);
    const [shipped] = await app.db
      .select()
      .from(compositionTemplates)
      .where(eq(compositionTemplates.key, 'quad'));
    const customer = await buildCustomer(app);
    const before = await databaseFingerprint(app.db);
    for (const call of [t.call, customer.call]) {
      const put = await call({ method: 'PUT', url: `${URL}/${shipped.id}`, payload: layout() });
      const del = await call({ method: 'DELETE', url: `${URL}/${shipped.id}` });
      for (const response of [put, del]) expect(response.json().code).toBe(ResultCode.permission);
    }
    const del = await t.call({ method: 'DELETE', url: `${URL}/${shipped.id}` });
    expect(del.json()).toMatchObject({
      code: ResultCode.permission,
      msg: 'Templates that come with Vitrine cannot be changed or deleted',
    });
    expect((await t.call({ method: 'DELETE', url: `${URL}/${foreign.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
    expect(
      (await t.call({ method: 'PUT', url: `${URL}/${foreign.id}`, payload: layout() })).json().code,
    ).toBe(ResultCode.notFound);
    expect((await t.call({ method: 'DELETE', url: `${URL}/999999` })).json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});
