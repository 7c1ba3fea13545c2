import { randomUUID } from 'node:crypto';
import { DEVICE_COMMAND_LIMIT, ResultCode, Role } from '@vitrine/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceModels,
  devices,
  otaPackageModels,
  otaPackages,
  otaPlanDevices,
  otaPlans,
} from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { versionSortKey } from './versions';

// Approving upgrades from /device/ota and the approved history (/device/ota/log), through the
// real routes: the caller's own devices only, all or nothing, the limit, nothing newer refused, a
// running plan's row forced, and the history per scope, its filters, and no leak of a device's
// previous owner's upgrades.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const UPGRADE = '/backend/manager/ota/upgrade';
const LOG = '/backend/manager/ota/log';

let app: FastifyInstance;
let system: Call;
let kiosk: number;

const unique = () => Math.random().toString(36).slice(2, 8);

async function envelope(call: Call, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call({ method, url, payload });
  return { status: response.statusCode, ...response.json() };
}

async function packageOf(version: string, modelIds: number[]) {
  const [row] = await app.db
    .insert(otaPackages)
    .values({
      version,
      versionKey: versionSortKey(version),
      md5: '0'.repeat(32),
      fileId: randomUUID(),
      fileName: 'p.zip',
      size: 1,
    })
    .returning();
  await app.db
    .insert(otaPackageModels)
    .values(modelIds.map((modelId) => ({ packageId: row.id, modelId, version })));
  return row.id;
}

/** A company with its owner, a user admin of a workspace below its root, and a screen in each. */
async function company() {
  const tenant = await buildTenant(app, { name: `Company ${unique()}` });
  const root = { id: tenant.root.id, companyId: tenant.company.id };
  const branch = await buildWorkspace(app, tenant.company.id, tenant.root.id);
  const admin = await buildMember(app, { id: branch.id, companyId: tenant.company.id }, Role.userAdmin);
  const screen = async (workspace: { id: number; companyId: number }, systemVersion = '1.0.0') => {
    const built = await buildDevice(app, workspace, `Screen ${unique()}`, { modelId: kiosk, systemVersion });
    const player: Call = (options) =>
      app.inject({ ...options, headers: { authorization: `Bearer ${built.token}` } });
    return { id: built.row.id, name: built.row.name as string, player };
  };
  return {
    id: tenant.company.id,
    name: tenant.company.name,
    root,
    branch: { id: branch.id, companyId: tenant.company.id },
    owner: await callAs(app, tenant.owner),
    ownerId: tenant.owner.id,
    admin: await callAs(app, admin),
    screen,
  };
}

const written = async () => {
  const [plans] = await app.db.select({ n: count() }).from(otaPlans);
  const [rows] = await app.db.select({ n: count() }).from(otaPlanDevices);
  return { plans: plans.n, rows: rows.n };
};

const rowOf = async (planId: number, deviceId: number) =>
  (await app.db.select().from(otaPlanDevices).where(eq(otaPlanDevices.planId, planId))).find(
    (row) => row.deviceId === deviceId,
  );

const upgradeOf = async (player: Call) =>
  (await player({ method: 'GET', url: '/backend/player/poll' })).json().data.state.upgrade;

const logOf = async (call: Call, query = '') => {
  const response = await envelope(call, 'GET', `${LOG}${query}`);
  expect(response.code, JSON.stringify(response)).toBe(ResultCode.success);
  return response.data as { list: Record<string, unknown>[]; total: number };
};

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
  const [model] = await app.db
    .insert(deviceModels)
    .values({ name: `Kiosk ${unique()}`, width: 1920, height: 1080 })
    .returning();
  kiosk = model.id;
  await packageOf('2.0.0', [kiosk]);
  await packageOf('3.0.0', [kiosk]);
});

describe('approving an upgrade', () => {
  it('gives an owner’s screens a mandatory instant plan of their newest package, the owner’s company’s', async () => {
    const a = await company();
    const screen = await a.screen(a.root, '1.0.0');
    const response = await envelope(a.owner, 'POST', UPGRADE, { device_ids: [screen.id] });
    expect(response.code, JSON.stringify(response)).toBe(ResultCode.success);
    const [approved] = response.data.list;
    expect(approved).toMatchObject({ device_id: screen.id, version: '3.0.0' });

    const [plan] = await app.db.select().from(otaPlans).where(eq(otaPlans.id, approved.plan_id));
    expect(plan).toMatchObject({ companyId: a.id, mandatory: true, timing: 'instant', status: 'running' });
    expect(plan.createdBy).toBe(a.ownerId);
    expect(plan.name).toMatch(/^3\.0\.0 · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const row = await rowOf(plan.id, screen.id);
    expect(row).toMatchObject({
      state: 'waiting',
      fromVersion: '1.0.0',
      approvedBy: a.ownerId,
      finishedAt: null,
    });
    expect(row?.approvedAt).toBeInstanceOf(Date);

    // The screen is told at once, mandatory; the upgrade list shows it waiting.
    expect(await upgradeOf(screen.player)).toMatchObject({
      plan_id: plan.id,
      version: '3.0.0',
      mandatory: true,
    });
    const list = await envelope(a.owner, 'GET', '/backend/manager/ota/device');
    expect(list.data.list.find((item: { device_id: number }) => item.device_id === screen.id)).toMatchObject({
      upgrade_state: 'waiting',
    });
    // The platform's plan list shows it too, marked with the company that approved it.
    const plans = await envelope(
      system,
      'GET',
      `/backend/manager/ota/plan?keyword=${encodeURIComponent(plan.name)}`,
    );
    expect(plans.data.list.find((item: { id: number }) => item.id === plan.id)).toMatchObject({
      company_name: a.name,
    });
  });

  it('lets a user admin upgrade its workspace’s screens and no others', async () => {
    const a = await company();
    const own = await a.screen(a.branch);
    const above = await a.screen(a.root);
    const before = await written();
    const refused = await envelope(a.admin, 'POST', UPGRADE, { device_ids: [own.id, above.id] });
    expect(refused.code).toBe(ResultCode.notFound);
    expect(await written()).toEqual(before);
    const ok = await envelope(a.admin, 'POST', UPGRADE, { device_ids: [own.id] });
    expect(ok.code).toBe(ResultCode.success);
  });

  it('refuses another company’s screen (404001) and writes nothing', async () => {
    const [a, b] = [await company(), await company()];
    const mine = await a.screen(a.root);
    const theirs = await b.screen(b.root);
    const before = await written();
    const response = await envelope(a.owner, 'POST', UPGRADE, { device_ids: [mine.id, theirs.id] });
    expect(response.code).toBe(ResultCode.notFound);
    expect(await written()).toEqual(before);
    expect(await upgradeOf(mine.player)).toBeNull();
  });

  it('refuses more devices than the limit, naming it', async () => {
    const a = await company();
    const ids = Array.from({ length: DEVICE_COMMAND_LIMIT + 1 }, (_, i) => i + 1);
    const response = await envelope(a.owner, 'POST', UPGRADE, { device_ids: ids });
    expect(response).toMatchObject({
      code: ResultCode.validation,
      msg: `The number of devices cannot exceed ${DEVICE_COMMAND_LIMIT}.`,
    });
  });

  it('refuses a screen with nothing newer (409005) and writes nothing for the others', async () => {
    const a = await company();
    const behind = await a.screen(a.root, '1.0.0');
    const current = await a.screen(a.root, '3.0.0');
    const before = await written();
    const response = await envelope(a.owner, 'POST', UPGRADE, { device_ids: [behind.id, current.id] });
    expect(response).toMatchObject({
      code: ResultCode.stateConflict,
      msg: `${current.name} already runs the newest player for its model: there is nothing to upgrade to`,
    });
    expect(await written()).toEqual(before);
  });

  it('forces the row of a running plan that already holds the screen instead of making another plan', async () => {
    const a = await company();
    const screen = await a.screen(a.root, '1.0.0');
    const timed = await envelope(system, 'POST', '/backend/manager/ota/plan', {
      name: `Later ${unique()}`,
      package_id: (await app.db.select().from(otaPackages).where(eq(otaPackages.version, '2.0.0')))[0].id,
      targets: { device_ids: [screen.id] },
      timing: 'at',
      at: '2099-01-01T00:00',
    });
    expect(timed.code, JSON.stringify(timed)).toBe(ResultCode.success);
    expect(await upgradeOf(screen.player)).toBeNull(); // not due yet
    const before = await written();

    const response = await envelope(a.owner, 'POST', UPGRADE, { device_ids: [screen.id] });
    expect(response.data.list).toEqual([{ device_id: screen.id, plan_id: timed.data.id, version: '2.0.0' }]);
    expect(await written()).toEqual(before);
    expect(await rowOf(timed.data.id, screen.id)).toMatchObject({
      forced: true,
      state: 'waiting',
      approvedBy: a.ownerId,
    });
    expect(await upgradeOf(screen.player)).toMatchObject({ plan_id: timed.data.id, mandatory: true });
  });
});

describe('the approved history', () => {
  it('has a platform plan approved by its creator at creation, and finished when cancelled', async () => {
    const a = await company();
    const [behind, current] = [await a.screen(a.root, '1.0.0'), await a.screen(a.root, '9.0.0')];
    const plan = await envelope(system, 'POST', '/backend/manager/ota/plan', {
      name: `Now ${unique()}`,
      package_id: (await app.db.select().from(otaPackages).where(eq(otaPackages.version, '3.0.0')))[0].id,
      targets: { device_ids: [behind.id, current.id] },
    });
    expect(await rowOf(plan.data.id, behind.id)).toMatchObject({
      state: 'waiting',
      fromVersion: '1.0.0',
      approvedAt: expect.any(Date),
      finishedAt: null,
    });
    // Skipped: final at once, never approved, not in the history.
    expect(await rowOf(plan.data.id, current.id)).toMatchObject({
      state: 'skipped',
      approvedAt: null,
      finishedAt: expect.any(Date),
    });
    expect((await logOf(a.owner)).list).toEqual([
      expect.objectContaining({ device_id: behind.id, approved_by: expect.any(String) }),
    ]);
    await envelope(system, 'POST', `/backend/manager/ota/plan/${plan.data.id}/cancel`);
    expect(await rowOf(plan.data.id, behind.id)).toMatchObject({
      state: 'cancelled',
      finishedAt: expect.any(Date),
    });
  });

  it('lists each scope’s approved upgrades, newest first, with from → to, state and times', async () => {
    const [a, b] = [await company(), await company()];
    const rootScreen = await a.screen(a.root, '1.0.0');
    const branchScreen = await a.screen(a.branch, '2.0.0');
    const foreign = await b.screen(b.root, '1.0.0');
    const first = await envelope(a.owner, 'POST', UPGRADE, { device_ids: [rootScreen.id] });
    const second = await envelope(a.admin, 'POST', UPGRADE, { device_ids: [branchScreen.id] });
    await envelope(b.owner, 'POST', UPGRADE, { device_ids: [foreign.id] });

    // The root screen reports its way to installed.
    const planId = first.data.list[0].plan_id;
    for (const state of ['downloading', 'installing', 'installed']) {
      const report = await envelope(rootScreen.player, 'POST', '/backend/player/ota/report', {
        plan_id: planId,
        state,
        version: '3.0.0',
      });
      expect(report.code, JSON.stringify(report)).toBe(ResultCode.success);
    }

    const owner = await logOf(a.owner);
    expect(owner.list.map((row) => row.device_id)).toEqual([branchScreen.id, rootScreen.id]);
    expect(owner.list[1]).toMatchObject({
      plan_id: planId,
      device_name: rootScreen.name,
      company_name: null,
      from_version: '1.0.0',
      to_version: '3.0.0',
      state: 'installed',
    });
    expect(owner.list[1].finished_at).toEqual(expect.any(String));
    expect(owner.list[0]).toMatchObject({ state: 'waiting', finished_at: null, from_version: '2.0.0' });
    expect(owner.list[0].plan_id).toBe(second.data.list[0].plan_id);

    // The user admin sees its workspace's screen only; the platform sees every company's, named.
    expect((await logOf(a.admin)).list.map((row) => row.device_id)).toEqual([branchScreen.id]);
    const platform = await logOf(system, `?keyword=${encodeURIComponent(rootScreen.name)}`);
    expect(platform.list).toEqual([
      expect.objectContaining({ device_id: rootScreen.id, company_name: a.name }),
    ]);
    expect((await logOf(b.owner)).list.map((row) => row.device_id)).toEqual([foreign.id]);

    // Filters: state, keyword, approval time.
    expect((await logOf(a.owner, '?state=installed')).list.map((row) => row.device_id)).toEqual([
      rootScreen.id,
    ]);
    expect((await logOf(a.owner, `?keyword=${encodeURIComponent(branchScreen.name)}`)).total).toBe(1);
    expect((await logOf(a.owner, '?to=2000-01-01T00:00:00Z')).total).toBe(0);
    expect(
      (await logOf(a.owner, `?from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`))
        .total,
    ).toBe(2);
    const reversed = await envelope(
      a.owner,
      'GET',
      `${LOG}?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z`,
    );
    expect(reversed.code).toBe(ResultCode.validation);
  });

  it('keeps a screen’s earlier upgrades from the company that claims it next', async () => {
    const [a, b] = [await company(), await company()];
    const screen = await a.screen(a.root, '1.0.0');
    await envelope(a.owner, 'POST', UPGRADE, { device_ids: [screen.id] });
    expect((await logOf(a.owner)).total).toBe(1);
    // Company B claims it later (as unbinding and claiming again would leave it).
    await app.db
      .update(devices)
      .set({ companyId: b.id, workspaceId: b.root.id, claimedAt: new Date(Date.now() + 1000) })
      .where(eq(devices.id, screen.id));
    expect((await logOf(b.owner)).total).toBe(0);
    expect((await logOf(a.owner)).total).toBe(0);
    const [{ total }] = [await logOf(system, `?keyword=${encodeURIComponent(screen.name)}`)];
    expect(total).toBe(1);
  });

  it('is refused to roles without the history', async () => {
    const a = await company();
    const user = await callAs(app, await buildMember(app, a.root, Role.user));
    expect((await envelope(user, 'GET', LOG)).code).toBe(ResultCode.permission);
    expect((await envelope(user, 'POST', UPGRADE, { device_ids: [1] })).code).toBe(ResultCode.permission);
  });
});
