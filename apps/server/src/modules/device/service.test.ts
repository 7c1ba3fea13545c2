import { DeviceStatus, LIST_TOTAL_CAP, ResultCode, Role } from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/device';
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, asOwner: await callAs(app, t.owner) };
}

describe('POST device (add)', () => {
  it('claims a registered screen with its signage ID and PIN', async () => {
    const t = await tenant();
    const { state, row } = await registerPlayer(app);
    const response = await t.asOwner({
      method: 'POST',
      url: URL,
      payload: {
        signage_id: state.signage_id,
        device_name: 'Lobby',
        group_id: t.root.id,
        authentication: state.pin,
      },
    });
    expect(response.json().data).toMatchObject({
      device_id: row.id,
      signage_id: state.signage_id,
      device_name: 'Lobby',
      group_id: t.root.id,
      group_name: t.root.name,
      company_id: t.company.id,
      status: DeviceStatus.offline,
      online: false,
    });
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({ pin: null, pinExpiresAt: null, companyId: t.company.id });
    expect(stored.claimedAt).not.toBeNull();
  });

  it('answers the same 400001 to a wrong PIN, an expired PIN and an unknown ID', async () => {
    const t = await tenant();
    const { state, row } = await registerPlayer(app);
    const add = (signage_id: string, authentication: string) =>
      t.asOwner({
        method: 'POST',
        url: URL,
        payload: { signage_id, device_name: 'X', group_id: t.root.id, authentication },
      });
    const wrong = await add(state.signage_id, state.pin === '000000' ? '111111' : '000000');
    const unknown = await add(state.signage_id === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ', state.pin as string);
    await app.db
      .update(devices)
      .set({ pinExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(devices.id, row.id));
    const expired = await add(state.signage_id, state.pin as string);
    for (const response of [wrong, unknown, expired]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: ResultCode.validation,
        msg: 'The signage ID or PIN is wrong, or the PIN has expired.',
        data: null,
      });
    }
    expect((await rowOf(row.id)).companyId).toBeNull();
  });

  it('refuses a claimed screen with 409001 "The device is already in use."', async () => {
    const t = await tenant();
    const other = await tenant();
    const { state } = await buildDevice(app, other.root);
    const response = await t.asOwner({
      method: 'POST',
      url: URL,
      payload: {
        signage_id: state.signage_id,
        device_name: 'X',
        group_id: t.root.id,
        authentication: '123456',
      },
    });
    expect(response.json()).toEqual({
      code: ResultCode.inUse,
      msg: 'The device is already in use.',
      data: null,
    });
  });

  it('refuses a workspace the caller may not use (404001) and bad input (400001)', async () => {
    const t = await tenant();
    const other = await tenant();
    const { state, row } = await registerPlayer(app);
    const foreign = await t.asOwner({
      method: 'POST',
      url: URL,
      payload: {
        signage_id: state.signage_id,
        device_name: 'X',
        group_id: other.root.id,
        authentication: state.pin,
      },
    });
    expect(foreign.json().code).toBe(ResultCode.notFound);
    const bad = await t.asOwner({
      method: 'POST',
      url: URL,
      payload: { signage_id: 'ab', device_name: '', group_id: t.root.id, authentication: '12' },
    });
    expect(bad.json().code).toBe(ResultCode.validation);
    expect((await rowOf(row.id)).companyId).toBeNull();
  });
});

describe('GET device (list)', () => {
  it('searches name, signage ID and MAC, filters, sorts and pages within the caller’s scope', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id, 'A1');
    await buildDevice(app, t.root, 'Alpha', { mac: 'AA:BB:CC:00:00:01' });
    await buildDevice(app, a1, 'Beta', { status: DeviceStatus.online });
    const three = await buildDevice(app, a1, 'Gamma');
    await registerPlayer(app); // unclaimed: never listed
    const other = await tenant();
    await buildDevice(app, other.root, 'Alpha elsewhere');

    const list = async (query: Record<string, string>, call = t.asOwner) =>
      (await call({ method: 'GET', url: URL, query })).json().data;
    const names = (data: { list: { device_name: string }[] }) => data.list.map((item) => item.device_name);

    expect(names(await list({ sort: 'device_name,asc' }))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await list({})).total).toBe(3);
    expect(names(await list({ keyword: 'alp' }))).toEqual(['Alpha']);
    expect(names(await list({ keyword: 'cc:00:00' }))).toEqual(['Alpha']);
    expect(names(await list({ keyword: three.state.signage_id }))).toEqual(['Gamma']);
    expect(names(await list({ group_id: String(a1.id), sort: 'device_name,desc' }))).toEqual([
      'Gamma',
      'Beta',
    ]);
    expect(names(await list({ online: '1' }))).toEqual(['Beta']);
    expect(names(await list({ online: '0', sort: 'device_name,asc' }))).toEqual(['Alpha', 'Gamma']);
    expect(names(await list({ status: String(DeviceStatus.online) }))).toEqual(['Beta']);
    const page = await list({ sort: 'device_name,asc', page: '2', page_size: '2' });
    expect(page).toMatchObject({ total: 3 });
    expect(names(page)).toEqual(['Gamma']);
    const badSort = await t.asOwner({ method: 'GET', url: URL, query: { sort: 'token_hash,asc' } });
    expect(badSort.json().code).toBe(ResultCode.validation);

    // A user of A1 sees only A1's devices.
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    expect(names(await list({ sort: 'device_name,asc' }, member))).toEqual(['Beta', 'Gamma']);
  });

  it(`counts up to ${LIST_TOTAL_CAP.toLocaleString('en-US')} and then says there are more`, async () => {
    const t = await tenant();
    // One past the cap, written in one statement (signage ids and token hashes must be unique).
    await app.db.execute(sql`
      insert into devices (signage_id, token_hash, name, company_id, workspace_id, claimed_at)
      select 'C' || lpad(to_hex(n), 5, '0'), md5(n::text) || md5((n + 1)::text), 'Capped ' || n,
             ${t.company.id}, ${t.root.id}, now()
      from generate_series(1, ${LIST_TOTAL_CAP + 1}) as n`);
    const list = async (query: Record<string, string>) =>
      (await t.asOwner({ method: 'GET', url: URL, query })).json().data;
    const all = await list({ page_size: '20' });
    expect(all).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
    expect(all.list).toHaveLength(20);
    // Pages past the cap still load; a filter under the cap is counted exactly.
    const past = await list({ page: String(LIST_TOTAL_CAP / 20 + 1), page_size: '20' });
    expect(past.list).toHaveLength(1);
    // 'Capped 100', 'Capped 1000', 'Capped 1001'.
    expect(await list({ keyword: 'Capped 100' })).toMatchObject({ total: 3, total_capped: false });
  });
});

describe('one device: detail, edit, delete, move', () => {
  it('shows and edits a device; another tenant gets 404001', async () => {
    const t = await tenant();
    const other = await tenant();
    const { row } = await buildDevice(app, t.root, 'Old');
    const detail = await t.asOwner({ method: 'GET', url: `${URL}/${row.id}` });
    expect(detail.json().data).toMatchObject({ device_id: row.id, device_name: 'Old', online: false });
    const edited = await t.asOwner({
      method: 'PUT',
      url: `${URL}/${row.id}`,
      payload: { device_name: 'New', description: 'By the door' },
    });
    expect(edited.json().data).toMatchObject({ device_name: 'New', description: 'By the door' });
    for (const call of [
      other.asOwner({ method: 'GET', url: `${URL}/${row.id}` }),
      other.asOwner({ method: 'PUT', url: `${URL}/${row.id}`, payload: { device_name: 'Mine' } }),
      other.asOwner({ method: 'DELETE', url: `${URL}/${row.id}` }),
    ]) {
      expect((await call).json().code).toBe(ResultCode.notFound);
    }
    expect((await rowOf(row.id)).name).toBe('New');
  });

  it('deletes one and several; a batch with a foreign id deletes nothing', async () => {
    const t = await tenant();
    const other = await tenant();
    const [a, b, c] = [
      await buildDevice(app, t.root),
      await buildDevice(app, t.root),
      await buildDevice(app, t.root),
    ];
    const foreign = await buildDevice(app, other.root);
    const mixed = await t.asOwner({
      method: 'DELETE',
      url: URL,
      payload: { ids: [a.row.id, foreign.row.id] },
    });
    expect(mixed.json().code).toBe(ResultCode.notFound);
    expect(await rowOf(a.row.id)).toBeDefined();
    expect((await t.asOwner({ method: 'DELETE', url: `${URL}/${a.row.id}` })).json().code).toBe(220000);
    const batch = await t.asOwner({ method: 'DELETE', url: URL, payload: { ids: [b.row.id, c.row.id] } });
    expect(batch.json().code).toBe(220000);
    for (const id of [a.row.id, b.row.id, c.row.id]) expect(await rowOf(id)).toBeUndefined();
    expect(await rowOf(foreign.row.id)).toBeDefined();
    // The player's token is gone with the row: it registers again.
    const hello = await app.inject({
      method: 'POST',
      url: '/backend/player/hello',
      payload: { token: a.token },
    });
    expect(hello.json().code).toBe(ResultCode.sessionExpired);
  });

  it('moves devices to another workspace of the company, never to another tenant’s', async () => {
    const t = await tenant();
    const other = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id, 'A1');
    const { row } = await buildDevice(app, t.root);
    const moved = await t.asOwner({
      method: 'POST',
      url: `${URL}/move`,
      payload: { ids: [row.id], group_id: a1.id },
    });
    expect(moved.json().code).toBe(220000);
    expect((await rowOf(row.id)).workspaceId).toBe(a1.id);
    const away = await t.asOwner({
      method: 'POST',
      url: `${URL}/move`,
      payload: { ids: [row.id], group_id: other.root.id },
    });
    expect(away.json().code).toBe(ResultCode.notFound);
    expect((await rowOf(row.id)).workspaceId).toBe(a1.id);
  });
});
