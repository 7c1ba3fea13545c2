import { ContentType, DeviceStatus, ResultCode, Role } from '@vitrine/contract';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { otaPackageModels, otaPackages } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { buildCustomer, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { reportedVersion, reportedVersionKey, versionSortKey } from './versions';

// Where each screen stands, through the real routes: the newest compatible package (model, semver
// with pre-releases, unknown versions), the upgrade list's filter, search and scope, the OTA count
// and the dashboard's ota-statistic.

type Call = Awaited<ReturnType<typeof loggedIn>>['call'];
type Row = {
  device_name: string;
  system_version: string | null;
  newest_version: string | null;
  online: boolean;
};

let app: FastifyInstance;
let system: Call;

const unique = () => Math.random().toString(36).slice(2, 8);

async function data(call: Call, url: string) {
  const response = await call({ method: 'GET', url });
  const body = response.json();
  expect(body.code, response.body).toBe(ResultCode.success);
  return body.data;
}

async function model() {
  const response = await system({
    method: 'POST',
    url: '/backend/manager/device-model',
    payload: {
      name: `Model ${unique()}`,
      width: 1920,
      height: 1080,
      orientation: 0,
      media_types: [ContentType.video],
      features: [],
    },
  });
  return response.json().data.id as number;
}

/** A package row for these models (the upload path is packages.test.ts's). */
async function buildPackage(version: string, modelIds: number[]) {
  const [row] = await app.db
    .insert(otaPackages)
    .values({ version, versionKey: versionSortKey(version), md5: '0'.repeat(32), size: 1 })
    .returning();
  if (modelIds.length > 0) {
    await app.db
      .insert(otaPackageModels)
      .values(modelIds.map((modelId) => ({ packageId: row.id, modelId, version })));
  }
  return row;
}

const byName = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.device_name, row.newest_version]));

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

/** The key and plain version SQL reads from what a device reports. */
async function read(reported: string | null) {
  const result = (await app.db.execute(
    sql`select ${reportedVersionKey(sql`${reported}::text`)} as key, ${reportedVersion(sql`${reported}::text`)} as plain`,
  )) as unknown as { rows: { key: string | null; plain: string | null }[] };
  return result.rows[0];
}

describe('reported versions in SQL', () => {
  it('gives the sort key of the version a device reports, as versionSortKey does', async () => {
    const versions = [
      '1.21.13',
      '1.9.9',
      '1.10.0',
      '2.0.0-beta.1',
      '2.0.0-beta.10',
      '2.0.0-rc.1.a-b',
      '0.0.1-0',
    ];
    for (const version of versions) {
      expect(await read(version), version).toEqual({ key: versionSortKey(version), plain: version });
    }
    // What players write around it, a missing patch, and nothing at all.
    expect(await read('1.21.13 build 250626 Release')).toEqual({
      key: versionSortKey('1.21.13'),
      plain: '1.21.13',
    });
    expect(await read('v2.3')).toEqual({ key: versionSortKey('2.3.0'), plain: '2.3.0' });
    expect(await read('unknown')).toEqual({ key: null, plain: null });
    expect(await read(null)).toEqual({ key: null, plain: null });
  });
});

describe('the upgrade list', () => {
  it('offers each device the newest package for its model above its version', async () => {
    const tenant = await buildTenant(app);
    const owner = await callAs(app, tenant.owner);
    const ws = { id: tenant.root.id, companyId: tenant.company.id };
    const [a, b] = [await model(), await model()];
    await buildPackage('1.21.13', [a]);
    await buildPackage('1.22.0', [a]);
    await buildPackage('2.0.0-beta.1', [a]);
    await buildPackage('2.0.0-beta.10', [a]);
    await buildPackage('2.0.0', [b]);
    const device = (name: string, modelId: number | null, systemVersion: string | null) =>
      buildDevice(app, ws, name, { modelId, systemVersion });
    await device('Reports 1.21.13', a, '1.21.13 build 250626 Release');
    await device('Never reported', a, null);
    await device('Not a version', a, 'custom firmware');
    await device('On beta.2', a, '2.0.0-beta.2');
    await device('On beta.10', a, '2.0.0-beta.10');
    await device('On 1.22 of B', b, '1.22.0');
    await device('On 2.0.0 of B', b, '2.0.0');
    await device('No model', null, '1.0.0');

    const list = await data(owner, '/backend/manager/ota/device?page=1&page_size=50');
    expect(byName(list.list)).toEqual({
      'Reports 1.21.13': '2.0.0-beta.10',
      // An unknown version counts as the oldest player (1.21.13): 1.21.13 itself is not newer.
      'Never reported': '2.0.0-beta.10',
      'Not a version': '2.0.0-beta.10',
      // Pre-releases compare identifier by identifier, numbers as numbers.
      'On beta.2': '2.0.0-beta.10',
      'On beta.10': null,
      'On 1.22 of B': '2.0.0',
      'On 2.0.0 of B': null,
      // No model: no package is for it.
      'No model': null,
    });
    expect(list.total).toBe(8);
    expect(list.total_capped).toBe(false);

    const upgradable = await data(
      owner,
      '/backend/manager/ota/device?page=1&page_size=2&upgradable=1&sort=device_name,asc',
    );
    expect(upgradable.total).toBe(5);
    expect(upgradable.list.map((row: Row) => row.device_name)).toEqual(['Never reported', 'Not a version']);
    expect(await data(owner, '/backend/manager/ota/count')).toEqual({ upgradable_device_count: 5 });

    const searched = await data(owner, '/backend/manager/ota/device?page=1&page_size=10&keyword=beta');
    expect(searched.list.map((row: Row) => row.device_name).sort()).toEqual(['On beta.10', 'On beta.2']);

    // A newer package for B reaches B's devices at once; a built-in row targets no model.
    await buildPackage('2.1.0', [b]);
    await app.db
      .insert(otaPackages)
      .values({ version: '9.0.0', versionKey: versionSortKey('9.0.0'), builtin: true })
      .onConflictDoNothing();
    expect(await data(owner, '/backend/manager/ota/count')).toEqual({ upgradable_device_count: 6 });
  });

  it('shows each caller its own devices only, and refuses roles without the key', async () => {
    const { customer, call: customerCall } = await buildCustomer(app);
    const a = await buildTenant(app, { customerId: customer.id });
    const a1 = await buildWorkspace(app, a.company.id, a.root.id);
    const b = await buildTenant(app);
    const m = await model();
    await buildPackage('3.0.0', [m]);
    await buildDevice(app, { id: a.root.id, companyId: a.company.id }, 'A root', {
      modelId: m,
      status: DeviceStatus.online,
    });
    await buildDevice(app, { id: a1.id, companyId: a.company.id }, 'A1', { modelId: m });
    await buildDevice(app, { id: b.root.id, companyId: b.company.id }, 'B', { modelId: m });

    const ownerA = await callAs(app, a.owner);
    const listA = await data(ownerA, '/backend/manager/ota/device?page=1&page_size=50');
    expect(listA.list.map((row: Row) => [row.device_name, row.online]).sort()).toEqual([
      ['A root', true],
      ['A1', false],
    ]);
    expect(await data(ownerA, '/backend/manager/ota/count')).toEqual({ upgradable_device_count: 2 });

    const adminA1 = await loggedIn(app, {
      role: Role.userAdmin,
      companyId: a.company.id,
      workspaceId: a1.id,
    });
    const listA1 = await data(adminA1.call, '/backend/manager/ota/device?page=1&page_size=50');
    expect(listA1.list.map((row: Row) => row.device_name)).toEqual(['A1']);

    const ownerB = await callAs(app, b.owner);
    expect(await data(ownerB, '/backend/manager/ota/count')).toEqual({ upgradable_device_count: 1 });
    // The platform sees every company's.
    expect((await data(system, '/backend/manager/ota/count')).upgradable_device_count).toBeGreaterThanOrEqual(
      3,
    );

    // Customers and users hold no device:ota:list (docs/permissions.md).
    const user = await loggedIn(app, { role: Role.user, companyId: a.company.id, workspaceId: a1.id });
    for (const call of [customerCall, user.call]) {
      for (const url of ['/backend/manager/ota/count', '/backend/manager/ota/device?page=1&page_size=10']) {
        expect((await call({ method: 'GET', url })).json().code).toBe(ResultCode.permission);
      }
    }
  });
});

describe('the dashboard ota-statistic', () => {
  it('counts the caller’s devices by version, the upgradable ones, and the packages for the platform', async () => {
    const tenant = await buildTenant(app);
    const ws = { id: tenant.root.id, companyId: tenant.company.id };
    const m = await model();
    await buildPackage('1.30.0', [m]);
    await buildDevice(app, ws, 'One', { modelId: m, systemVersion: '1.21.13 build 250626 Release' });
    await buildDevice(app, ws, 'Two', { modelId: m, systemVersion: '1.21.13' });
    await buildDevice(app, ws, 'Three', { modelId: m, systemVersion: '1.30.0' });
    await buildDevice(app, ws, 'Four', { systemVersion: null });

    const owner = await callAs(app, tenant.owner);
    expect(await data(owner, '/backend/manager/dashboard/ota-statistic')).toEqual({
      total: 4,
      upgradable: 2,
      packages: null,
      by_version: [
        { version: '1.21.13', count: 2 },
        { version: '1.30.0', count: 1 },
        { version: null, count: 1 },
      ],
    });
    const platform = await data(system, '/backend/manager/dashboard/ota-statistic');
    const [{ packages }] = await app.db.select({ packages: count() }).from(otaPackages);
    expect(platform.packages).toBe(packages);
    expect(platform.upgradable).toBeGreaterThanOrEqual(2);
  });
});
