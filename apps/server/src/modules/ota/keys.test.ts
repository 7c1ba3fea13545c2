import { ResultCode, Role } from '@vitrine/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, otaAppKeys, otaDeviceKeys } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildCompany, loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildModel, buildPackage } from '../../test/ota-factories';

// App keys, validation exemptions and device keys through the real routes: secrets shown once and
// kept hashed, the hello refused without the app key of a declared package (nothing written), a
// plan not skipping an exempted device for that reason only, and downloads needing a device's key.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const MANAGER = '/backend/manager/ota';
const HELLO = '/backend/player/hello';
/** Tables any signed-in call writes (its session, the login), whatever it answers. */
const AUDIT = ['sessions', 'users', 'login_history', 'jobs'];

let app: FastifyInstance;
let system: Call;
let owner: Call;
let place: { id: number; companyId: number };

const unique = () => Math.random().toString(36).slice(2, 8);

async function envelope(call: Call, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call({ method, url, payload });
  return { status: response.statusCode, ...response.json() };
}

async function screen(columns: Partial<typeof devices.$inferInsert> = {}) {
  const built = await buildDevice(app, place, `Screen ${unique()}`, columns);
  const download = (planId: number, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/backend/player/ota/package/${planId}`,
      headers: { authorization: `Bearer ${built.token}`, ...headers },
    });
  return { id: built.row.id, token: built.token, download };
}

const deviceCount = async () => (await app.db.select({ n: count() }).from(devices))[0].n;

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
  const { company, workspace } = await buildCompany(app);
  place = { id: workspace.id, companyId: company.id };
  owner = (await loggedIn(app, { role: Role.owner, companyId: company.id })).call;
});

describe('app keys', () => {
  it('shows the secret once, keeps its hash, and refuses a second key for the package', async () => {
    const pkg = `com.acme.signage${unique()}`;
    const created = await envelope(system, 'POST', `${MANAGER}/appkey`, { name: 'Acme', package: pkg });
    expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
    expect(created.data.key).toMatchObject({ name: 'Acme', package: pkg, last_used_at: null });
    expect(created.data.secret).toMatch(/^[\w-]{43}$/);
    const [row] = await app.db.select().from(otaAppKeys).where(eq(otaAppKeys.id, created.data.key.id));
    expect(row.secretHash).not.toContain(created.data.secret);
    const listed = await envelope(system, 'GET', `${MANAGER}/appkey?keyword=${pkg}`);
    expect(listed.data.total).toBe(1);
    expect(JSON.stringify(listed.data)).not.toContain(created.data.secret);
    const again = await envelope(system, 'POST', `${MANAGER}/appkey`, { name: 'Again', package: pkg });
    expect(again.code).toBe(ResultCode.duplicate);
    expect(again.msg).toContain(pkg);
  });

  it('refuses a package that is not an application id, or the browser player', async () => {
    for (const pkg of ['acme', 'com..acme', '1com.acme', 'com.acme-x', 'io.vitrine.player', '']) {
      const refused = await envelope(system, 'POST', `${MANAGER}/appkey`, { name: 'Bad', package: pkg });
      expect(refused.code, pkg).toBe(ResultCode.validation);
    }
    const missing = await envelope(system, 'POST', `${MANAGER}/appkey`, { package: 'com.acme.x' });
    expect(missing.code).toBe(ResultCode.validation);
  });

  it('lets a declared application say hello only with its key, and records the use', async () => {
    const pkg = `com.acme.player${unique()}`;
    const hello = (headers: Record<string, string> = {}, body: object = { app_package: pkg }) =>
      app.inject({ method: 'POST', url: HELLO, payload: body, headers });
    const before = await deviceCount();
    const refused = await hello();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ResultCode.permission });
    expect(refused.json().msg).toMatch(/app key/);
    expect(await deviceCount()).toBe(before);

    const { data } = await envelope(system, 'POST', `${MANAGER}/appkey`, { name: 'Acme', package: pkg });
    expect((await hello({ 'x-app-key': 'wrong' })).statusCode).toBe(403);
    expect((await hello({ 'x-app-key': data.secret }, { app_package: `${pkg}.other` })).statusCode).toBe(403);
    expect(await deviceCount()).toBe(before);
    const admitted = await hello({ 'x-app-key': data.secret });
    expect(admitted.json().code).toBe(ResultCode.success);
    expect(admitted.json().data.token).toBeTruthy();
    expect(await deviceCount()).toBe(before + 1);
    const [row] = await app.db.select().from(otaAppKeys).where(eq(otaAppKeys.id, data.key.id));
    expect(row.lastUsedAt).not.toBeNull();

    // The browser player, with no package or its own, needs none.
    expect((await hello({}, {})).json().code).toBe(ResultCode.success);
    expect((await hello({}, { app_package: 'io.vitrine.player' })).json().code).toBe(ResultCode.success);

    // Rotated: the old secret stops working.
    const rotated = await envelope(system, 'POST', `${MANAGER}/appkey/${data.key.id}/rotate`);
    expect(rotated.data.secret).not.toBe(data.secret);
    expect((await hello({ 'x-app-key': data.secret })).statusCode).toBe(403);
    expect((await hello({ 'x-app-key': rotated.data.secret })).json().code).toBe(ResultCode.success);

    // Deleted: that package cannot say hello again until a new key exists.
    const deleted = await envelope(system, 'DELETE', `${MANAGER}/appkey`, { ids: [data.key.id] });
    expect(deleted.code).toBe(ResultCode.success);
    expect((await hello({ 'x-app-key': rotated.data.secret })).statusCode).toBe(403);
    expect((await envelope(system, 'POST', `${MANAGER}/appkey/${data.key.id}/rotate`)).code).toBe(
      ResultCode.notFound,
    );
  });
});

describe('validation exemptions', () => {
  const plan = (packageId: number, deviceIds: number[]) =>
    envelope(system, 'POST', `${MANAGER}/plan`, {
      name: `Plan ${unique()}`,
      package_id: packageId,
      targets: { device_ids: deviceIds },
    });
  const skips = async (planId: number) => {
    const listed = await envelope(system, 'GET', `${MANAGER}/plan/${planId}/device`);
    return Object.fromEntries(
      listed.data.list.map((d: { device_id: number; state: string; reason_code: string | null }) => [
        d.device_id,
        d.state === 'skipped' ? d.reason_code : d.state,
      ]),
    );
  };

  it('includes an exempted device a plan would skip for that reason, and still skips it for the other', async () => {
    const kiosk = await buildModel(app);
    const wall = await buildModel(app);
    const pkg = await buildPackage(app, '3.0.0', [kiosk]);
    const otherModel = await screen({ modelId: wall, systemVersion: '1.0.0' });
    const newer = await screen({ modelId: kiosk, systemVersion: '3.1.0' });
    const otherAndNewer = await screen({ modelId: wall, systemVersion: '3.1.0' });
    const ids = [otherModel.id, newer.id, otherAndNewer.id];

    const before = await plan(pkg.id, ids);
    expect(await skips(before.data.id)).toEqual({
      [otherModel.id]: 'model',
      [newer.id]: 'version',
      [otherAndNewer.id]: 'model',
    });

    const byModel = await envelope(system, 'POST', `${MANAGER}/validation-exemption`, {
      validation: 'model',
      device_ids: [otherModel.id, otherAndNewer.id],
      description: 'Cross-model test screens',
    });
    expect(byModel.code, JSON.stringify(byModel)).toBe(ResultCode.success);
    expect(byModel.data).toMatchObject({ validation: 'model', description: 'Cross-model test screens' });
    expect(byModel.data.devices.map((d: { id: number }) => d.id).sort()).toEqual(
      [otherModel.id, otherAndNewer.id].sort(),
    );
    expect(await skips((await plan(pkg.id, ids)).data.id)).toEqual({
      [otherModel.id]: 'waiting',
      [newer.id]: 'version',
      [otherAndNewer.id]: 'version',
    });

    await envelope(system, 'POST', `${MANAGER}/validation-exemption`, {
      validation: 'version',
      device_ids: [newer.id],
    });
    expect(await skips((await plan(pkg.id, ids)).data.id)).toEqual({
      [otherModel.id]: 'waiting',
      [newer.id]: 'waiting',
      [otherAndNewer.id]: 'version',
    });

    const listed = await envelope(
      system,
      'GET',
      `${MANAGER}/validation-exemption?validation=model&keyword=cross-model`,
    );
    expect(listed.data.list.map((e: { id: number }) => e.id)).toEqual([byModel.data.id]);
    expect(
      (await envelope(system, 'DELETE', `${MANAGER}/validation-exemption`, { ids: [byModel.data.id] })).code,
    ).toBe(ResultCode.success);
    expect((await skips((await plan(pkg.id, ids)).data.id))[otherModel.id]).toBe('model');
  });

  it('refuses devices that do not exist or are not claimed, and writes nothing', async () => {
    const unclaimed = (await app.inject({ method: 'POST', url: HELLO, payload: {} })).json().data.signage_id;
    const [row] = await app.db.select().from(devices).where(eq(devices.signageId, unclaimed));
    const claimed = await screen();
    for (const deviceIds of [
      [claimed.id, row.id],
      [claimed.id, 2_000_000_000],
    ]) {
      const refused = await envelope(system, 'POST', `${MANAGER}/validation-exemption`, {
        validation: 'version',
        device_ids: deviceIds,
      });
      expect(refused.code).toBe(ResultCode.notFound);
    }
    const bad = await envelope(system, 'POST', `${MANAGER}/validation-exemption`, {
      validation: 'downgrade',
      device_ids: [claimed.id],
    });
    expect(bad.code).toBe(ResultCode.validation);
  });
});

describe('device keys', () => {
  it('makes a device with a key download only with it; revoked, its token alone is enough again', async () => {
    const kiosk = await buildModel(app);
    const pkg = await buildPackage(app, '4.0.0', [kiosk]);
    const keyed = await screen({ modelId: kiosk, systemVersion: '1.0.0' });
    const plain = await screen({ modelId: kiosk, systemVersion: '1.0.0' });
    const created = await envelope(system, 'POST', `${MANAGER}/plan`, {
      name: `Plan ${unique()}`,
      package_id: pkg.id,
      mandatory: true,
      targets: { device_ids: [keyed.id, plain.id] },
    });
    const planId = created.data.id;

    const issued = await envelope(system, 'POST', `${MANAGER}/device-key`, { device_ids: [keyed.id] });
    expect(issued.code, JSON.stringify(issued)).toBe(ResultCode.success);
    const [{ key, device_id }] = issued.data.keys;
    expect(device_id).toBe(keyed.id);
    const [row] = await app.db.select().from(otaDeviceKeys).where(eq(otaDeviceKeys.deviceId, keyed.id));
    expect(row.keyHash).not.toContain(key);

    expect((await plain.download(planId)).statusCode).toBe(200);
    const without = await keyed.download(planId);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: ResultCode.permission });
    expect(without.json().msg).toMatch(/device key/);
    expect((await keyed.download(planId, { 'x-device-key': 'wrong' })).statusCode).toBe(403);
    const got = await keyed.download(planId, { 'x-device-key': key });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pkg.bytes)).toBe(true);

    const listed = await envelope(system, 'GET', `${MANAGER}/device-key?keyword=${keyed.id}`);
    expect(listed.code).toBe(ResultCode.success);
    const all = await envelope(system, 'GET', `${MANAGER}/device-key?page_size=200`);
    const item = all.data.list.find((k: { device_id: number }) => k.device_id === keyed.id);
    expect(item).toMatchObject({ signage_id: expect.any(String), company_name: expect.any(String) });
    expect(item.last_used_at).not.toBeNull();
    expect(JSON.stringify(all.data)).not.toContain(key);

    // Reissued: the old key stops working.
    const reissued = await envelope(system, 'POST', `${MANAGER}/device-key`, { device_ids: [keyed.id] });
    expect((await keyed.download(planId, { 'x-device-key': key })).statusCode).toBe(403);
    expect((await keyed.download(planId, { 'x-device-key': reissued.data.keys[0].key })).statusCode).toBe(
      200,
    );

    const revoked = await envelope(system, 'DELETE', `${MANAGER}/device-key`, { ids: [keyed.id] });
    expect(revoked.code).toBe(ResultCode.success);
    expect((await keyed.download(planId)).statusCode).toBe(200);
    expect((await envelope(system, 'DELETE', `${MANAGER}/device-key`, { ids: [keyed.id] })).code).toBe(
      ResultCode.notFound,
    );
  });
});

describe('who may call', () => {
  const calls: [InjectOptions['method'], string, object?][] = [
    ['GET', `${MANAGER}/appkey`],
    ['POST', `${MANAGER}/appkey`, { name: 'X', package: 'com.acme.x' }],
    ['POST', `${MANAGER}/appkey/1/rotate`],
    ['DELETE', `${MANAGER}/appkey`, { ids: [1] }],
    ['GET', `${MANAGER}/validation-exemption`],
    ['POST', `${MANAGER}/validation-exemption`, { validation: 'model', device_ids: [1] }],
    ['DELETE', `${MANAGER}/validation-exemption`, { ids: [1] }],
    ['GET', `${MANAGER}/device-key`],
    ['POST', `${MANAGER}/device-key`, { device_ids: [1] }],
    ['DELETE', `${MANAGER}/device-key`, { ids: [1] }],
  ];

  it('lets the system operator in, and refuses a customer, owner, user admin or user every call (403001), changing nothing', async () => {
    const operator = (await loggedIn(app, { role: Role.systemOperator })).call;
    for (const url of [`${MANAGER}/appkey`, `${MANAGER}/validation-exemption`, `${MANAGER}/device-key`]) {
      expect((await envelope(operator, 'GET', url)).code).toBe(ResultCode.success);
    }
    const callers = [
      owner,
      ...(await Promise.all(
        [Role.customer, Role.userAdmin, Role.user].map(async (role) => (await loggedIn(app, { role })).call),
      )),
    ];
    for (const call of callers) {
      const before = await databaseFingerprint(app.db, AUDIT);
      for (const [method, url, payload] of calls) {
        expect((await envelope(call, method, url, payload)).code, `${method} ${url}`).toBe(
          ResultCode.permission,
        );
      }
      expect(await databaseFingerprint(app.db, AUDIT)).toBe(before);
    }
  });
});
