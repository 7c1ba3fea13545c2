import {
  AccountStatus,
  ContentType,
  DeviceStatus,
  Orientation,
  Role,
  STORAGE_PER_DEVICE_BYTES,
  STORAGE_SHARED_BYTES,
} from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { buildUser, loggedIn } from '../../test/factories';
import { buildCustomer, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/dashboard';
type Call = Awaited<ReturnType<typeof loggedIn>>['call'];

async function statistic(call: Call, name: string) {
  const response = await call({ method: 'GET', url: `${URL}/${name}-statistic` });
  const body = response.json();
  expect(body.code, response.body).toBe(220000);
  return body.data;
}

type Workspace = { id: number; companyId: number };

async function schedule(workspace: Workspace, columns: Partial<typeof schedules.$inferInsert>) {
  await app.db.insert(schedules).values({
    companyId: workspace.companyId,
    workspaceId: workspace.id,
    name: 'Plan',
    type: 'standard',
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    ...columns,
  });
}

/** Company A: root with an owner, sub-workspace A1 with a user; company B beside it. */
async function twoCompanies() {
  const { customer, call: customerCall } = await buildCustomer(app);
  const a = await buildTenant(app, { customerId: customer.id });
  const rootA = { id: a.root.id, companyId: a.company.id };
  const a1 = await buildWorkspace(app, a.company.id, a.root.id);
  const inA1 = { id: a1.id, companyId: a.company.id };
  const b = await buildTenant(app);
  const rootB = { id: b.root.id, companyId: b.company.id };
  const user = await loggedIn(app, { role: Role.user, companyId: a.company.id, workspaceId: a1.id });
  await buildUser(app, {
    role: Role.userAdmin,
    companyId: a.company.id,
    workspaceId: a.root.id,
    status: AccountStatus.inactive,
  });

  await buildDevice(app, rootA, 'Lobby', { status: DeviceStatus.online, deviceModel: 'X1' });
  await buildDevice(app, rootA, 'Hall', { orientation: Orientation.portrait, deviceModel: 'X1' });
  await buildDevice(app, inA1, 'Shop', { status: DeviceStatus.online, deviceModel: 'Y2' });
  await buildDevice(app, rootB, 'Other', { status: DeviceStatus.online, deviceModel: 'Z9' });

  await buildContent(app, rootA, { size: 1000 });
  await buildContent(app, rootA, { type: ContentType.video, size: 5000 });
  await buildContent(app, inA1, { size: 300 });
  await buildContent(app, inA1, { size: 7, deletedAt: new Date() });
  await buildContent(app, rootB, { size: 123456 });

  await schedule(rootA, { state: 'approved' });
  await schedule(rootA, { state: 'approved', startDate: '2098-01-01' });
  await schedule(rootA, { state: 'approved', endDate: '2020-01-02', type: 'playlist' });
  await schedule(inA1, { state: 'pending' });
  await schedule(inA1, { state: 'draft', type: 'insert' });
  await schedule(rootB, { state: 'approved' });

  return { a, b, user, customerCall, ownerCall: await callAs(app, a.owner) };
}

describe('dashboard statistics', () => {
  it('counts devices, content, schedules, users and storage of the caller’s company only', async () => {
    const { ownerCall } = await twoCompanies();
    expect(await statistic(ownerCall, 'device')).toEqual({
      total: 3,
      online: 2,
      offline: 1,
      unconfirmed: 0,
      by_status: [
        { status: DeviceStatus.online, count: 2 },
        { status: DeviceStatus.offline, count: 1 },
      ],
      by_orientation: [
        { orientation: 0, count: 2 },
        { orientation: 90, count: 1 },
      ],
      by_model: [
        { model: 'X1', count: 2 },
        { model: 'Y2', count: 1 },
      ],
    });
    expect(await statistic(ownerCall, 'content')).toEqual({
      total: 3,
      total_size: 6300,
      by_type: [
        { type: ContentType.image, count: 2, size: 1300 },
        { type: ContentType.video, count: 1, size: 5000 },
      ],
      recycled: 1,
      recycled_size: 7,
    });
    expect(await statistic(ownerCall, 'schedule')).toEqual({
      total: 5,
      live: 1,
      upcoming: 1,
      ended: 1,
      by_state: [
        { state: 'draft', count: 1 },
        { state: 'pending', count: 1 },
        { state: 'approved', count: 3 },
      ],
      by_type: [
        { type: 'standard', count: 3 },
        { type: 'insert', count: 1 },
        { type: 'playlist', count: 1 },
      ],
    });
    expect(await statistic(ownerCall, 'user')).toEqual({
      total: 3,
      by_role: [
        { role_id: Role.userAdmin, count: 1 },
        { role_id: Role.user, count: 1 },
        { role_id: Role.owner, count: 1 },
      ],
      by_status: [
        { status: AccountStatus.inactive, count: 1 },
        { status: AccountStatus.active, count: 2 },
      ],
    });
    const total = STORAGE_SHARED_BYTES + 3 * STORAGE_PER_DEVICE_BYTES;
    expect(await statistic(ownerCall, 'oss')).toEqual({
      companies: 1,
      licensed_devices: 3,
      total_size: total,
      used_size: 6307,
      available_size: total - 6307,
      content_size: 6307,
      upload_size: 0,
      font_size: 0,
      sticker_size: 0,
    });
    expect(await statistic(ownerCall, 'license')).toMatchObject({
      holder: 'company',
      licensed: 3,
      unlicensed: 0,
    });
  });

  it('shows a user its workspace subtree, a customer its companies, the platform everything', async () => {
    const { user, customerCall } = await twoCompanies();
    const device = await statistic(user.call, 'device');
    expect(device).toMatchObject({ total: 1, online: 1, by_model: [{ model: 'Y2', count: 1 }] });
    expect(await statistic(user.call, 'content')).toMatchObject({ total: 1, total_size: 300, recycled: 1 });
    expect(await statistic(user.call, 'schedule')).toMatchObject({ total: 2, live: 0 });
    expect(await statistic(user.call, 'user')).toMatchObject({
      total: 1,
      by_role: [{ role_id: Role.user, count: 1 }],
    });
    // Storage is the company's, as the upload quota counts it.
    expect(await statistic(user.call, 'oss')).toMatchObject({ companies: 1, content_size: 6307 });

    // Licences: the user's workspace's screens (each on its claim's trial), the customer's companies'.
    expect(await statistic(user.call, 'license')).toMatchObject({ holder: 'company', licensed: 1 });
    expect(await statistic(customerCall, 'license')).toMatchObject({ holder: 'customer', devices: 3 });

    expect(await statistic(customerCall, 'device')).toMatchObject({ total: 3 });
    expect(await statistic(customerCall, 'oss')).toMatchObject({ companies: 1, content_size: 6307 });

    const platform = await loggedIn(app, { role: Role.system });
    const all = await statistic(platform.call, 'device');
    // Earlier tests of this file added screens too: at least both companies of this one.
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.by_model.map((row: { model: string | null }) => row.model)).toContain('Z9');
    const oss = await statistic(platform.call, 'oss');
    expect(oss.companies).toBeGreaterThanOrEqual(2);
    expect(oss.content_size).toBeGreaterThanOrEqual(6307 + 123456);
  });

  it('names the eight most common models and sums the rest under null', async () => {
    const { company, root, owner } = await buildTenant(app);
    const workspace = { id: root.id, companyId: company.id };
    for (let i = 0; i < 10; i++) await buildDevice(app, workspace, `S${i}`, { deviceModel: `M${i % 9}` });
    await buildDevice(app, workspace, 'Unknown', { deviceModel: null });
    const device = await statistic(await callAs(app, owner), 'device');
    expect(device.by_model).toHaveLength(9);
    expect(device.by_model[0]).toEqual({ model: 'M0', count: 2 });
    expect(device.by_model.at(-1)).toEqual({ model: null, count: 2 });
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: `${URL}/device-statistic` });
    expect(response.json().code).not.toBe(220000);
  });
});

describe('dashboard at 100,000 screens', () => {
  it('counts them in one aggregate pass, quickly', async () => {
    const { company, root, owner } = await buildTenant(app);
    // Screens written in one statement past the API (signage ids and token hashes must be unique).
    await app.db.execute(sql`
      insert into devices (signage_id, token_hash, company_id, workspace_id, status, orientation, device_model, claimed_at)
      select 'B' || lpad(to_hex(n), 5, '0'), md5(n::text) || md5((n + 1)::text), ${company.id}, ${root.id},
             1 + (n % 2), case when n % 10 = 0 then 90 else 0 end, 'Model ' || (n % 12), now()
      from generate_series(1, 100000) as n`);
    await app.db.execute(sql`analyze devices`);
    const call = await callAs(app, owner);
    await statistic(call, 'device'); // warm
    const started = performance.now();
    const device = await statistic(call, 'device');
    const elapsed = performance.now() - started;
    expect(device.total).toBe(100000);
    expect(device.online + device.offline).toBe(100000);
    expect(device.by_orientation).toEqual([
      { orientation: 0, count: 90000 },
      { orientation: 90, count: 10000 },
    ]);
    expect(device.by_model).toHaveLength(9);
    // PGlite (single-threaded WASM) on a busy 2-core machine; PostgreSQL takes ~30 ms.
    expect(elapsed).toBeLessThan(5000);

    // One scan of devices feeding one grouping-sets aggregate: no per-figure query, no sort per set.
    const plan = (await app.db.execute(sql`explain
      select status, orientation, device_model, grouping(status, orientation, device_model), count(*)
      from devices where company_id = ${company.id}
      group by grouping sets ((status), (orientation), (device_model))`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Aggregate/);
    expect(text.match(/Scan on devices/g)).toHaveLength(1);
  }, 120_000);
});
