import { OTA_DOWNLOAD_RETRY_SECONDS, ResultCode, Role } from '@vitrine/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, otaPackages, otaPlanDevices, otaPlans } from '../../db/schema';
import { now, setClockOffset } from '../../platform/clock';
import { localDateTime, otaDue } from '../../platform/ota-offer';
import { buildTestApp } from '../../test/app';
import { buildDevice, busSettled } from '../../test/device-factories';
import { buildCompany, loggedIn } from '../../test/factories';
import { buildModel, buildPackage } from '../../test/ota-factories';
import { buildWorkspace } from '../../test/team-factories';
import { offerDue } from './offers';

// OTA plans through the real routes: targets and skip rules, ids checked, who may call, the due
// rule on each device's clock, the offer in the player's state, the download, the report's state
// machine, pause, resume, cancel, retry, install now, and the due job pushing once.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const URL = '/backend/manager/ota/plan';

let app: FastifyInstance;
let system: Call;
let kiosk: number;
let wall: number;

const unique = () => Math.random().toString(36).slice(2, 8);

async function envelope(call: Call, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call({ method, url, payload });
  return { status: response.statusCode, ...response.json() };
}

const model = (name: string) => buildModel(app, name);
const packageOf = (version: string, modelIds: number[]) => buildPackage(app, version, modelIds);

/** A claimed screen of a model at a version, in a time zone. */
async function screen(
  workspace: { id: number; companyId: number },
  modelId: number | null,
  systemVersion = '1.0.0',
  timezone: string | null = 'UTC',
) {
  const built = await buildDevice(app, workspace, `Screen ${unique()}`, { modelId, systemVersion, timezone });
  const player: Call = (options) =>
    app.inject({
      ...options,
      headers: { authorization: `Bearer ${built.token}`, ...(options.headers ?? {}) },
    });
  return { id: built.row.id, player };
}

const tenant = async () => {
  const { company, workspace } = await buildCompany(app);
  return { id: workspace.id, companyId: company.id };
};

const create = (payload: object) => envelope(system, 'POST', URL, { name: `Plan ${unique()}`, ...payload });
const statesOf = async (planId: number) => {
  const rows = await app.db.select().from(otaPlanDevices).where(eq(otaPlanDevices.planId, planId));
  return Object.fromEntries(rows.map((row) => [row.deviceId, row.state]));
};
const upgradeOf = async (player: Call) =>
  (await player({ method: 'GET', url: '/backend/player/poll' })).json().data.state.upgrade;
const report = (player: Call, payload: object) =>
  envelope(player, 'POST', '/backend/player/ota/report', payload);
const planCount = async () => (await app.db.select({ n: count() }).from(otaPlans))[0].n;

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
  kiosk = await model(`Kiosk ${unique()}`);
  wall = await model(`Wall ${unique()}`);
});

describe('creating a plan', () => {
  it('resolves device targets into rows, skipping other models and devices already at the version', async () => {
    const pkg = await packageOf('2.0.0', [kiosk]);
    const place = await tenant();
    const old = await screen(place, kiosk, '1.9.0');
    const other = await screen(place, wall, '1.0.0');
    const current = await screen(place, kiosk, '2.0.0');
    const created = await create({
      package_id: pkg.id,
      targets: { device_ids: [old.id, other.id, current.id] },
    });
    expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
    expect(created.data).toMatchObject({
      status: 'running',
      total: 3,
      package: { id: pkg.id, version: '2.0.0' },
    });
    expect(created.data.counts).toMatchObject({ waiting: 1, skipped: 2, installed: 0 });
    const listed = await envelope(system, 'GET', `${URL}/${created.data.id}/device?state=skipped`);
    expect(listed.data.total).toBe(2);
    expect(
      Object.fromEntries(
        listed.data.list.map((d: { device_id: number; reason_code: string }) => [d.device_id, d.reason_code]),
      ),
    ).toEqual({ [other.id]: 'model', [current.id]: 'version' });
    const list = await envelope(system, 'GET', `${URL}?keyword=${encodeURIComponent(created.data.name)}`);
    expect(list.data.list[0].counts.waiting).toBe(1);
    expect(list.data.list[0].targets).toEqual({ devices: 3, workspaces: 0, models: 0 });
  });

  it('offers an instant plan as it writes it: its waiting devices told in one event at the commit', async () => {
    const pkg = await packageOf('2.5.0', [kiosk]);
    const place = await tenant();
    const first = await screen(place, kiosk);
    const second = await screen(place, kiosk);
    const other = await screen(place, wall);
    await busSettled(app); // the screens' own events (PostgreSQL's NOTIFY arrives after the call)
    const told: number[][] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'devices-changed') told.push(event.deviceIds);
    });
    try {
      const created = await create({
        package_id: pkg.id,
        targets: { device_ids: [first.id, second.id, other.id] },
        mandatory: true,
      });
      expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
      await expect.poll(() => told).toContainEqual([first.id, second.id]);
      expect(told.flat()).not.toContain(other.id);
      const rows = await app.db
        .select()
        .from(otaPlanDevices)
        .where(eq(otaPlanDevices.planId, created.data.id));
      expect(Object.fromEntries(rows.map((row) => [row.deviceId, row.offeredAt !== null]))).toEqual({
        [first.id]: true,
        [second.id]: true,
        [other.id]: false,
      });
      // Nothing is left for a pass to offer.
      expect(await offerDue(app.db, now(), created.data.id)).toEqual([]);
      expect((await upgradeOf(second.player)).plan_id).toBe(created.data.id);
    } finally {
      stop();
    }
  });

  it('takes the devices of a workspace and those below it, and every device of a model', async () => {
    const pkg = await packageOf('2.1.0', [kiosk, wall]);
    const place = await tenant();
    const below = await buildWorkspace(app, place.companyId, place.id);
    const top = await screen(place, kiosk);
    const under = await screen({ id: below.id, companyId: place.companyId }, kiosk);
    const byWorkspace = await create({ package_id: pkg.id, targets: { workspace_ids: [place.id] } });
    expect(
      Object.keys(await statesOf(byWorkspace.data.id))
        .map(Number)
        .sort(),
    ).toEqual([top.id, under.id].sort());
    const lone = await model(`Lone ${unique()}`);
    const pkgLone = await packageOf('3.0.0', [lone]);
    const a = await screen(await tenant(), lone);
    const b = await screen(await tenant(), lone);
    const byModel = await create({ package_id: pkgLone.id, targets: { model_ids: [lone] } });
    expect(await statesOf(byModel.data.id)).toEqual({ [a.id]: 'waiting', [b.id]: 'waiting' });
  });

  it('finds workspaces of every company by their name or their company’s, for the targets', async () => {
    const tag = unique();
    const { company, workspace } = await buildCompany(app, `Harbour ${tag}`);
    const other = await tenant();
    const below = await buildWorkspace(app, other.companyId, other.id, `Lobby ${tag}`);
    const byName = await envelope(system, 'GET', `${URL}/target/workspace?keyword=Lobby%20${tag}`);
    expect(byName.data).toEqual({
      list: [{ id: below.id, name: `Lobby ${tag}`, company_name: expect.any(String) }],
      total: 1,
    });
    const byCompany = await envelope(system, 'GET', `${URL}/target/workspace?keyword=Harbour%20${tag}`);
    expect(byCompany.data.list).toEqual([{ id: workspace.id, name: 'Main', company_name: company.name }]);
  });

  it('answers 404001 for a missing device, workspace, model or package, and writes nothing', async () => {
    const pkg = await packageOf('2.2.0', [kiosk]);
    const device = await screen(await tenant(), kiosk);
    const before = await planCount();
    for (const payload of [
      { package_id: pkg.id, targets: { device_ids: [device.id, 2_000_000_000] } },
      { package_id: pkg.id, targets: { workspace_ids: [2_000_000_000] } },
      { package_id: pkg.id, targets: { device_ids: [device.id], model_ids: [2_000_000_000] } },
      { package_id: 2_000_000_000, targets: { device_ids: [device.id] } },
    ]) {
      expect((await create(payload)).code, JSON.stringify(payload)).toBe(ResultCode.notFound);
    }
    expect(await planCount()).toBe(before);
  });

  it('refuses no targets, a window ending before it starts, and the built-in build', async () => {
    const device = await screen(await tenant(), kiosk);
    const pkg = await packageOf('2.3.0', [kiosk]);
    const none = await create({ package_id: pkg.id, targets: {} });
    expect(none.code).toBe(ResultCode.validation);
    const backwards = await create({
      package_id: pkg.id,
      targets: { device_ids: [device.id] },
      timing: 'window',
      window_start: '2026-05-02T10:00',
      window_end: '2026-05-02T09:00',
    });
    expect(backwards.code).toBe(ResultCode.validation);
    const [builtin] = await app.db.select().from(otaPackages).where(eq(otaPackages.builtin, true));
    const refused = await create({ package_id: builtin.id, targets: { device_ids: [device.id] } });
    expect(refused.code).toBe(ResultCode.stateConflict);
  });

  it('is the platform’s: an owner gets 403001', async () => {
    const place = await tenant();
    const owner = await loggedIn(app, {
      role: Role.owner,
      companyId: place.companyId,
      workspaceId: place.id,
    });
    for (const [method, url] of [
      ['GET', URL],
      ['GET', `${URL}/target/workspace`],
      ['POST', URL],
      ['POST', `${URL}/1/pause`],
    ] as const) {
      expect((await envelope(owner.call, method, url, method === 'POST' ? {} : undefined)).code).toBe(
        ResultCode.permission,
      );
    }
  });
});

describe('when an upgrade is due', () => {
  it('reads at and windows on each device’s own clock', () => {
    const at = { timing: 'at', at: '2026-06-01T09:00', window_start: null, window_end: null } as const;
    expect(otaDue(at, 'Asia/Tokyo', new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(otaDue(at, 'Asia/Tokyo', new Date('2026-05-31T23:59:00Z'))).toBe(false);
    expect(otaDue(at, 'America/New_York', new Date('2026-06-01T12:59:00Z'))).toBe(false);
    expect(otaDue(at, 'America/New_York', new Date('2026-06-01T13:00:00Z'))).toBe(true);
    expect(otaDue(at, null, new Date('2026-06-01T09:00:00Z'))).toBe(true);
    expect(otaDue(at, 'Not/AZone', new Date('2026-06-01T08:59:00Z'))).toBe(false);
    const window = {
      timing: 'window',
      at: null,
      window_start: '2026-06-01T02:00',
      window_end: '2026-06-01T04:00',
    } as const;
    expect(otaDue(window, 'Europe/Berlin', new Date('2026-06-01T00:30:00Z'))).toBe(true); // 02:30 CEST
    expect(otaDue(window, 'Europe/Berlin', new Date('2026-06-01T02:00:00Z'))).toBe(false); // 04:00, the end
    expect(otaDue(window, 'UTC', new Date('2026-06-01T00:30:00Z'))).toBe(false);
    expect(localDateTime('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T05:30');
  });

  it('offers a timed plan in the player’s state only from its local time; the job pushes each device once', async () => {
    const pkg = await packageOf('4.0.0', [kiosk]);
    const place = await tenant();
    const early = await screen(place, kiosk, '1.0.0', 'Pacific/Kiritimati'); // UTC+14: already tomorrow
    const late = await screen(place, kiosk, '1.0.0', 'Pacific/Pago_Pago'); // UTC−11: still yesterday
    const at = localDateTime('UTC', new Date(Date.now() + 12 * 3600_000)); // 12 h ahead of UTC
    const created = await create({
      package_id: pkg.id,
      targets: { device_ids: [early.id, late.id] },
      timing: 'at',
      at,
      mandatory: true,
    });
    expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
    expect(await upgradeOf(late.player)).toBeNull();
    expect(await upgradeOf(early.player)).toEqual({
      plan_id: created.data.id,
      version: '4.0.0',
      md5: pkg.md5,
      size: pkg.bytes.length,
      mandatory: true,
      url: `/backend/player/ota/package/${created.data.id}`,
    });
    // Creating told the due device already; a pass a day later tells the other, and only once.
    const later = new Date(Date.now() + 26 * 3600_000);
    const first = await offerDue(app.db, later);
    expect(first).toContain(late.id);
    expect(first).not.toContain(early.id);
    expect(await offerDue(app.db, later)).not.toContain(late.id);
  });

  it('is due by the test clock: moved past the plan’s time, the state offers it and the job marks it offered', async () => {
    const pkg = await packageOf('4.1.0', [kiosk]);
    const device = await screen(await tenant(), kiosk, '1.0.0', 'UTC');
    const created = await create({
      package_id: pkg.id,
      targets: { device_ids: [device.id] },
      timing: 'at',
      at: localDateTime('UTC', new Date(Date.now() + 24 * 3600_000)),
      mandatory: true,
    });
    expect(await upgradeOf(device.player)).toBeNull();
    setClockOffset(48 * 3600_000);
    try {
      expect((await upgradeOf(device.player))?.plan_id).toBe(created.data.id);
      expect(await offerDue(app.db, now())).toContain(device.id);
    } finally {
      setClockOffset(0);
    }
    expect(await upgradeOf(device.player)).toBeNull();
  });
});

describe('the player’s side', () => {
  it('downloads the file only for a device of the plan not yet done', async () => {
    const pkg = await packageOf('5.0.0', [kiosk]);
    const place = await tenant();
    const inPlan = await screen(place, kiosk);
    const outside = await screen(place, kiosk);
    const created = await create({ package_id: pkg.id, targets: { device_ids: [inPlan.id] } });
    const url = `/backend/player/ota/package/${created.data.id}`;
    const got = await inPlan.player({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pkg.bytes)).toBe(true);
    expect(got.headers['x-package-md5']).toBe(pkg.md5);
    expect(Number(got.headers['content-length'])).toBe(pkg.bytes.length);
    expect((await outside.player({ method: 'GET', url })).json().code).toBe(ResultCode.notFound);
    expect((await app.inject({ method: 'GET', url })).json().code).toBe(ResultCode.sessionExpired);
    expect(
      (await report(inPlan.player, { plan_id: created.data.id, state: 'installed', version: '5.0.0' })).code,
    ).toBe(ResultCode.success);
    expect((await inPlan.player({ method: 'GET', url })).json().code).toBe(ResultCode.notFound);
  });

  it('serves a range of the file (206, 416 past its end) so that a broken download resumes, with an ETag for If-Range', async () => {
    const pkg = await packageOf('5.0.1', [kiosk]);
    const device = await screen(await tenant(), kiosk);
    const created = await create({ package_id: pkg.id, targets: { device_ids: [device.id] } });
    const url = `/backend/player/ota/package/${created.data.id}`;
    const whole = await device.player({ method: 'GET', url });
    const etag = whole.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = pkg.bytes.length;
    const rest = await device.player({
      method: 'GET',
      url,
      headers: { range: 'bytes=3-', 'if-range': etag },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 3-${size - 1}/${size}`);
    expect(rest.rawPayload.equals(pkg.bytes.subarray(3))).toBe(true);
    expect(rest.headers['x-package-md5']).toBe(pkg.md5);
    // Another ETag (another file than the one begun): the whole file again.
    const changed = await device.player({
      method: 'GET',
      url,
      headers: { range: 'bytes=3-', 'if-range': '"other"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(pkg.bytes)).toBe(true);
    // A range from the end (a download whose bytes all arrived before the player restarted): 416
    // naming the size, so the player knows it holds the file; refused in the envelope.
    const outside = await device.player({
      method: 'GET',
      url,
      headers: { range: `bytes=${size}-`, 'if-range': etag },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    expect(outside.json().code).toBe(ResultCode.validation);
  });

  it('streams at most otaDownloadSlots downloads at once: past them 429001 with Retry-After', async () => {
    const limited = await buildTestApp({ otaDownloadSlots: 1 });
    try {
      const { call } = await loggedIn(limited, { role: Role.system });
      const target = await buildModel(limited, `Limited ${unique()}`);
      const pkg = await buildPackage(limited, '5.2.0', [target], 1 << 20);
      const { company, workspace } = await buildCompany(limited);
      const built = await buildDevice(limited, { id: workspace.id, companyId: company.id }, 'Slot', {
        modelId: target,
        systemVersion: '1.0.0',
      });
      const made = (
        await call({
          method: 'POST',
          url: URL,
          payload: { name: 'Slots', package_id: pkg.id, targets: { device_ids: [built.row.id] } },
        })
      ).json();
      const url = `/backend/player/ota/package/${made.data.id}`;
      const headers = { authorization: `Bearer ${built.token}` };
      // One at a time: each finished download frees its slot.
      for (let i = 0; i < 2; i += 1)
        expect((await limited.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      // One held open (a megabyte its reader has not taken yet): the next is told when to come back.
      const held = await limited.inject({ method: 'GET', url, headers, payloadAsStream: true });
      expect(held.statusCode).toBe(200);
      const refused = await limited.inject({ method: 'GET', url, headers });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe(ResultCode.tooManyRequests);
      expect(refused.headers['retry-after']).toBe(String(OTA_DOWNLOAD_RETRY_SECONDS));
      // Told before anything is looked up: even a token of no device.
      const stranger = { authorization: `Bearer ${'x'.repeat(32)}` };
      expect((await limited.inject({ method: 'GET', url, headers: stranger })).statusCode).toBe(429);
      // The held one read to its end frees its slot.
      const chunks: Buffer[] = [];
      for await (const chunk of held.stream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(pkg.bytes)).toBe(true);
      // A refused call frees its slot too.
      expect((await limited.inject({ method: 'GET', url, headers: stranger })).json().code).toBe(
        ResultCode.sessionExpired,
      );
      expect((await limited.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('moves the state forward only; installed needs the package’s version; the last final state finishes the plan', async () => {
    const pkg = await packageOf('5.1.0', [kiosk]);
    const place = await tenant();
    const a = await screen(place, kiosk);
    const b = await screen(place, kiosk);
    const outside = await screen(place, kiosk);
    const { data: plan } = await create({ package_id: pkg.id, targets: { device_ids: [a.id, b.id] } });
    expect((await report(outside.player, { plan_id: plan.id, state: 'downloading' })).code).toBe(
      ResultCode.notFound,
    );
    expect((await report(a.player, { plan_id: plan.id, state: 'installing' })).code).toBe(ResultCode.success);
    expect((await report(a.player, { plan_id: plan.id, state: 'downloading' })).code).toBe(
      ResultCode.stateConflict,
    );
    expect((await report(a.player, { plan_id: plan.id, state: 'installed', version: '5.0.9' })).code).toBe(
      ResultCode.success,
    );
    const [row] = await app.db.select().from(otaPlanDevices).where(eq(otaPlanDevices.deviceId, a.id));
    expect(row).toMatchObject({
      state: 'failed',
      reasonCode: 'wrong_version',
      reasonParams: { reported: '5.0.9', expected: '5.1.0' },
      reason: null,
    });
    expect((await report(a.player, { plan_id: plan.id, state: 'installed', version: '5.1.0' })).code).toBe(
      ResultCode.stateConflict,
    );
    // A code with its values, and the player's words, are kept as sent; the list answers them.
    const failure = {
      reason_code: 'not_healthy',
      reason_params: { version: '5.1.0', seconds: 60 },
      reason: 'Version 5.1.0 did not come up healthy within 60 s.',
    };
    expect((await report(b.player, { plan_id: plan.id, state: 'failed', ...failure })).code).toBe(
      ResultCode.success,
    );
    const failedRows = await envelope(system, 'GET', `${URL}/${plan.id}/device?state=failed`);
    expect(failedRows.data.list.find((d: { device_id: number }) => d.device_id === b.id)).toMatchObject(
      failure,
    );
    expect((await report(a.player, { plan_id: plan.id, state: 'failed', reason_code: 'made-up' })).code).toBe(
      ResultCode.validation,
    );
    expect((await envelope(system, 'GET', `${URL}/${plan.id}`)).data).toMatchObject({
      status: 'finished',
      counts: { failed: 2 },
    });
    // Retry: failed devices wait again and the plan runs; then installing properly finishes it.
    const retried = await envelope(system, 'POST', `${URL}/${plan.id}/retry`);
    expect(retried.data).toMatchObject({ status: 'running', counts: { waiting: 2, failed: 0 } });
    const [cleared] = await app.db.select().from(otaPlanDevices).where(eq(otaPlanDevices.deviceId, b.id));
    expect(cleared).toMatchObject({ reasonCode: null, reasonParams: null, reason: null });
    expect((await upgradeOf(a.player))?.plan_id).toBe(plan.id);
    for (const device of [a, b]) {
      await report(device.player, { plan_id: plan.id, state: 'installed', version: '5.1.0' });
    }
    expect((await envelope(system, 'GET', `${URL}/${plan.id}`)).data.status).toBe('finished');
    expect(await upgradeOf(a.player)).toBeNull();
    // The installed version is the device's at once, before its next hello reports it.
    const versions = await app.db
      .select({ version: devices.systemVersion })
      .from(devices)
      .where(inArray(devices.id, [a.id, b.id]));
    expect(versions.map((device) => device.version)).toEqual(['5.1.0', '5.1.0']);
  });
});

describe('plan actions', () => {
  it('pauses (no offer), resumes (offered again), cancels (installed stay, the rest cancelled)', async () => {
    const pkg = await packageOf('6.0.0', [kiosk]);
    const place = await tenant();
    const done = await screen(place, kiosk);
    const waiting = await screen(place, kiosk);
    const { data: plan } = await create({
      package_id: pkg.id,
      targets: { device_ids: [done.id, waiting.id] },
    });
    await report(done.player, { plan_id: plan.id, state: 'installed', version: '6.0.0' });
    expect((await envelope(system, 'POST', `${URL}/${plan.id}/pause`)).data.status).toBe('paused');
    expect(await upgradeOf(waiting.player)).toBeNull();
    expect((await envelope(system, 'POST', `${URL}/${plan.id}/pause`)).code).toBe(ResultCode.stateConflict);
    expect((await envelope(system, 'POST', `${URL}/${plan.id}/resume`)).data.status).toBe('running');
    expect((await upgradeOf(waiting.player))?.plan_id).toBe(plan.id);
    const cancelled = await envelope(system, 'POST', `${URL}/${plan.id}/cancel`);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', counts: { installed: 1, cancelled: 1 } });
    expect(await upgradeOf(waiting.player)).toBeNull();
    expect((await envelope(system, 'POST', `${URL}/${plan.id}/retry`)).code).toBe(ResultCode.stateConflict);
    expect((await envelope(system, 'POST', `${URL}/${plan.id}/resume`)).code).toBe(ResultCode.stateConflict);
  });

  it('"Install now" offers a timed optional plan at once and mandatory to that device only', async () => {
    const pkg = await packageOf('6.1.0', [kiosk]);
    const place = await tenant();
    const chosen = await screen(place, kiosk);
    const other = await screen(place, kiosk);
    const { data: plan } = await create({
      package_id: pkg.id,
      targets: { device_ids: [chosen.id, other.id] },
      timing: 'at',
      at: '2099-01-01T00:00',
    });
    expect(await upgradeOf(chosen.player)).toBeNull();
    const outsider = await screen(place, kiosk);
    const missing = await envelope(system, 'POST', `${URL}/${plan.id}/install-now`, {
      device_ids: [outsider.id],
    });
    expect(missing.code).toBe(ResultCode.notFound);
    await envelope(system, 'POST', `${URL}/${plan.id}/install-now`, { device_ids: [chosen.id] });
    expect(await upgradeOf(chosen.player)).toMatchObject({ plan_id: plan.id, mandatory: true });
    expect(await upgradeOf(other.player)).toBeNull();
  });

  it('goes with its package; the screens told of it are told it went', async () => {
    const pkg = await packageOf('7.0.0', [kiosk]);
    const device = await screen(await tenant(), kiosk);
    // Not due, so creating tells nobody; then taken as told earlier (its offer was pushed once).
    const { data: plan } = await create({
      package_id: pkg.id,
      targets: { device_ids: [device.id] },
      timing: 'at',
      at: '2099-01-01T00:00',
    });
    await app.db
      .update(otaPlanDevices)
      .set({ offeredAt: new Date() })
      .where(eq(otaPlanDevices.planId, plan.id));
    const told: number[] = [];
    app.bus.on((event) => {
      if (event.type === 'devices-changed') told.push(...event.deviceIds);
    });
    const deleted = await envelope(system, 'DELETE', '/backend/manager/ota/package', { ids: [pkg.id] });
    expect(deleted.code).toBe(ResultCode.success);
    expect((await envelope(system, 'GET', `${URL}/${plan.id}`)).code).toBe(ResultCode.notFound);
    await expect.poll(() => told).toContain(device.id);
  });
});
