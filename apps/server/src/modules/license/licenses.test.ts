import { randomBytes } from 'node:crypto';
import { type LicenseBatchCreateRequest, ResultCode, Role } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockOffset } from '../../platform/clock';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { batchRequest, data, scheduleRequest } from '../../test/license-factories';
import { buildCustomer, buildTenant, callAs } from '../../test/team-factories';
import { poolsOffLedger } from './health';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
afterEach(() => setClockOffset(0));

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const L = '/backend/manager/license';
type Call = typeof system;
const unique = () => randomBytes(4).toString('hex');

const createBatch = (body: Partial<LicenseBatchCreateRequest> = {}) => system(batchRequest(body));

/** A customer with a company (and its owner), holding `issued` licences of a fresh batch. */
async function customerWithLicences(issued: number, batch: Partial<LicenseBatchCreateRequest> = {}) {
  const created = await data(createBatch({ quantity: 100, ...batch }));
  const customer = await buildCustomer(app);
  const tenant = await buildTenant(app, { customerId: customer.customer.id });
  await data(
    system({
      method: 'POST',
      url: `${L}/batch/${created.batch_id}/issue`,
      payload: { customer_id: customer.customer.id, quantity: issued },
    }),
  );
  return { batch: created, customer, tenant, owner: await callAs(app, tenant.owner) };
}

const assign = (call: Call, body: object) => call({ method: 'POST', url: `${L}/assign`, payload: body });
const poolOf = async (call: Call, path: 'shunt' | 'company-shunt', batchId: number) =>
  ((await data(call({ method: 'GET', url: `${L}/${path}` }))).list as { batch_id: number }[]).find(
    (row) => row.batch_id === batchId,
  );

/** The device's status on its detail, in the list filtered by offline, and whether the filter by expired lists it. */
async function deviceStatus(call: Call, id: number) {
  const D = '/backend/manager/device';
  const detail = await data(call({ method: 'GET', url: `${D}/${id}` }));
  const find = async (status: number) =>
    (await data(call({ method: 'GET', url: `${D}?status=${status}&page_size=100` }))).list.find(
      (row: { device_id: number }) => row.device_id === id,
    );
  return {
    detail: detail.status,
    listed: (await find(2))?.status ?? null,
    expiredListed: (await find(5)) !== undefined,
  };
}

const playerState = async (token: string) =>
  data(app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token } }));

/** Pools whose figures differ from the ledger's sums (in minus out): none when every move kept both. */
describe('licence batches', () => {
  it('creates a batch whose licences the platform holds, and lists it', async () => {
    const batchNo = `LIC-${unique()}`;
    const created = await data(
      createBatch({
        batch_no: batchNo,
        validity_type: 'days',
        effect_days: 365,
        quantity: 50,
        max_use_times: 3,
      }),
    );
    expect(created).toMatchObject({
      type: 'commercial',
      batch_no: batchNo,
      validity_type: 'days',
      effect_days: 365,
      expiration_date: null,
      max_use_times: 3,
      quantity: 50,
      assigned: 0,
      unassigned: 50,
      available: 50,
    });
    const list = await data(system({ method: 'GET', url: `${L}/batch?keyword=${batchNo}` }));
    expect(list).toEqual({ list: [created], total: 1 });
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('refuses bad quantities, missing validity fields and a taken batch number, changing nothing', async () => {
    const taken = (await data(createBatch())).batch_no;
    const before = await databaseFingerprint(app.db);
    const refused = async (body: Partial<LicenseBatchCreateRequest>, code: number, msg: RegExp) => {
      const response = (await createBatch(body)).json();
      expect(response.code, JSON.stringify(body)).toBe(code);
      expect(response.msg).toMatch(msg);
    };
    for (const quantity of [0, -1, 1.5, 10000]) {
      await refused({ quantity }, ResultCode.validation, /whole number from 1 to 9999/);
    }
    await refused({ validity_type: 'days' }, ResultCode.validation, /number of days/);
    await refused({ validity_type: 'date' }, ResultCode.validation, /expiration date/);
    await refused({ batch_no: taken }, ResultCode.duplicate, /already exists/);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('is for the system roles only', async () => {
    const { owner, customer } = await customerWithLicences(1);
    for (const call of [owner, customer.call]) {
      expect((await call({ method: 'GET', url: `${L}/batch` })).json().code).toBe(ResultCode.permission);
    }
  });
});

describe('licences down the tenancy', () => {
  it('issues to a customer, who assigns to its company; each level sees its balance and the ledger', async () => {
    const { batch, customer, tenant, owner } = await customerWithLicences(5);
    const platform = await data(system({ method: 'GET', url: `${L}/batch?keyword=${batch.batch_no}` }));
    expect(platform.list[0]).toMatchObject({ quantity: 100, assigned: 5, unassigned: 95, available: 95 });
    expect(await poolOf(customer.call, 'shunt', batch.batch_id)).toMatchObject({
      quantity: 5,
      assigned: 0,
      unassigned: 5,
      available: 5,
    });

    const transfer = await data(
      assign(customer.call, { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: 2 }),
    );
    expect(transfer).toMatchObject({
      batch_no: batch.batch_no,
      from: { kind: 'customer', id: customer.customer.id, name: customer.customer.name },
      to: { kind: 'company', id: tenant.company.id, name: tenant.company.name },
      quantity: 2,
      created_by: expect.any(String),
    });
    expect(await poolOf(customer.call, 'shunt', batch.batch_id)).toMatchObject({
      quantity: 5,
      assigned: 2,
      unassigned: 3,
      available: 3,
    });
    expect(await poolOf(owner, 'company-shunt', batch.batch_id)).toMatchObject({
      quantity: 2,
      assigned: 0,
      available: 2,
    });
    expect(await data(customer.call({ method: 'GET', url: `${L}/transfer/${transfer.id}` }))).toEqual(
      transfer,
    );
    expect(await data(owner({ method: 'GET', url: `${L}/transfer/${transfer.id}` }))).toEqual(transfer);
    const ledger = await data(
      customer.call({ method: 'GET', url: `${L}/transfer?batch_id=${batch.batch_id}` }),
    );
    expect(ledger.list.map((row: { to: { kind: string } }) => row.to.kind)).toEqual(['company', 'customer']);
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('refuses more than available with the spec’s message and changes nothing', async () => {
    const { batch, customer, tenant } = await customerWithLicences(3);
    await data(
      assign(customer.call, { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: 2 }),
    );
    const before = await databaseFingerprint(app.db);
    const response = (
      await assign(customer.call, { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: 2 })
    ).json();
    expect(response).toMatchObject({
      code: ResultCode.insufficientLicenses,
      msg: 'Insufficient number of licenses.',
    });
    const issue = (
      await system({
        method: 'POST',
        url: `${L}/batch/${batch.batch_id}/issue`,
        payload: { customer_id: customer.customer.id, quantity: 98 },
      })
    ).json();
    expect(issue.code).toBe(ResultCode.insufficientLicenses);
    for (const quantity of [0, 1.5, 10000, '1']) {
      const bad = (
        await assign(customer.call, { batch_id: batch.batch_id, company_id: tenant.company.id, quantity })
      ).json();
      expect(bad.code, String(quantity)).toBe(ResultCode.validation);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('answers not found for another customer’s company, a batch not held, and another holder’s ledger row', async () => {
    const mine = await customerWithLicences(3);
    const theirs = await customerWithLicences(3);
    const before = await databaseFingerprint(app.db);
    const notFound = async (response: Promise<{ json: () => { code: number } }>) =>
      expect((await response).json().code).toBe(ResultCode.notFound);
    await notFound(
      assign(mine.customer.call, {
        batch_id: mine.batch.batch_id,
        company_id: theirs.tenant.company.id,
        quantity: 1,
      }),
    );
    await notFound(
      assign(mine.customer.call, {
        batch_id: theirs.batch.batch_id,
        company_id: mine.tenant.company.id,
        quantity: 1,
      }),
    );
    await notFound(
      system({
        method: 'POST',
        url: `${L}/batch/2147483647/issue`,
        payload: { customer_id: mine.customer.customer.id, quantity: 1 },
      }),
    );
    await notFound(
      system({
        method: 'POST',
        url: `${L}/batch/${mine.batch.batch_id}/issue`,
        payload: { customer_id: 2147483647, quantity: 1 },
      }),
    );
    expect(await databaseFingerprint(app.db)).toBe(before);
    const theirTransfer = await data(
      assign(theirs.customer.call, {
        batch_id: theirs.batch.batch_id,
        company_id: theirs.tenant.company.id,
        quantity: 1,
      }),
    );
    await notFound(mine.customer.call({ method: 'GET', url: `${L}/transfer/${theirTransfer.id}` }));
    await notFound(mine.owner({ method: 'GET', url: `${L}/transfer/${theirTransfer.id}` }));
    const ledger = await data(mine.customer.call({ method: 'GET', url: `${L}/transfer` }));
    expect(ledger.list.some((row: { id: number }) => row.id === theirTransfer.id)).toBe(false);
  });

  it('refuses passing on licences of a batch past its expiration date', async () => {
    const { batch, customer, tenant } = await customerWithLicences(2, {
      validity_type: 'date',
      expiration_date: '2030-01-01',
    });
    await app.db.execute(
      sql`update license_batches set expiration_date = '2020-01-01' where id = ${batch.batch_id}`,
    );
    expect(await poolOf(customer.call, 'shunt', batch.batch_id)).toMatchObject({
      unassigned: 2,
      available: 0,
    });
    const response = (
      await assign(customer.call, { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: 1 })
    ).json();
    expect(response.code).toBe(ResultCode.stateConflict);
    expect(response.msg).toBe('This license batch has expired.');
  });

  it('lets exactly one of two concurrent assignments of the last licences succeed', async () => {
    const { batch, customer, tenant } = await customerWithLicences(3);
    const second = await buildTenant(app, { customerId: customer.customer.id });
    const results = await Promise.all(
      [tenant.company.id, second.company.id, tenant.company.id].map((companyId) =>
        assign(customer.call, { batch_id: batch.batch_id, company_id: companyId, quantity: 2 }),
      ),
    );
    const codes = results.map((response) => response.json().code).sort();
    expect(codes).toEqual([
      ResultCode.success,
      ResultCode.insufficientLicenses,
      ResultCode.insufficientLicenses,
    ]);
    expect(await poolOf(customer.call, 'shunt', batch.batch_id)).toMatchObject({
      assigned: 2,
      unassigned: 1,
    });
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });
});

describe('binding a licence to a device', () => {
  const bind = (call: Call, body: object) => call({ method: 'POST', url: `${L}/bind`, payload: body });

  /** `customerWithLicences` whose customer assigned all `count` to the company: the owner's pool holds them. */
  async function ownerWithLicences(count: number, batch: Partial<LicenseBatchCreateRequest> = {}) {
    const held = await customerWithLicences(count, batch);
    const { customer, tenant } = held;
    await data(
      assign(customer.call, {
        batch_id: held.batch.batch_id,
        company_id: tenant.company.id,
        quantity: count,
      }),
    );
    return held;
  }

  it('binds from the company pool with its expiry, replaces the previous one, and reports the state', async () => {
    const days = await ownerWithLicences(2, { validity_type: 'days', effect_days: 30 });
    const { batch, customer, tenant, owner } = days;
    const trial = await data(
      createBatch({ type: 'trial', validity_type: 'date', expiration_date: '2099-12-31' }),
    );
    await data(
      system({
        method: 'POST',
        url: `${L}/batch/${trial.batch_id}/issue`,
        payload: { customer_id: customer.customer.id, quantity: 1 },
      }),
    );
    await data(
      assign(customer.call, { batch_id: trial.batch_id, company_id: tenant.company.id, quantity: 1 }),
    );
    const screen = await buildDevice(app, tenant.root, 'Lobby', {}, { licensed: false });
    const other = await buildDevice(app, tenant.root, 'Hall', {}, { licensed: false });

    const states = () =>
      data(owner({ method: 'GET', url: `${L}/device?device_ids=${screen.row.id},${other.row.id}` }));
    expect((await states()).list.map((row: { state: string }) => row.state)).toEqual(['none', 'none']);

    const first = await data(bind(owner, { device_id: screen.row.id, batch_id: trial.batch_id }));
    expect(first).toMatchObject({
      device_id: screen.row.id,
      license: { type: 'trial', expires_at: '2100-01-01T00:00:00.000Z' },
      replaced: null,
    });
    const second = await data(bind(owner, { device_id: screen.row.id, batch_id: batch.batch_id }));
    expect(second.replaced).toEqual(first.license);
    expect(second.license.type).toBe('commercial');
    const expiry = Date.parse(second.license.expires_at) - Date.parse(second.license.bound_at);
    expect(expiry).toBe(30 * 86_400_000);
    expect((await states()).list).toEqual([
      { device_id: screen.row.id, state: 'valid', license: second.license },
      { device_id: other.row.id, state: 'none', license: null },
    ]);
    expect(await poolOf(owner, 'company-shunt', batch.batch_id)).toMatchObject({ assigned: 1, available: 1 });
    expect(await poolOf(owner, 'company-shunt', trial.batch_id)).toMatchObject({ assigned: 1, available: 0 });

    const none = (await bind(owner, { device_id: other.row.id, batch_id: trial.batch_id })).json();
    expect(none).toMatchObject({
      code: ResultCode.insufficientLicenses,
      msg: 'Insufficient number of licenses.',
    });

    await app.db.execute(
      sql`update device_licenses set expires_at = now() - interval '1 minute' where device_id = ${screen.row.id}`,
    );
    expect((await states()).list[0].state).toBe('expired');
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('gives each device of the device list and detail its licence, as GET device does, in the caller’s scope only', async () => {
    const { batch, tenant, owner } = await ownerWithLicences(2, { validity_type: 'days', effect_days: 30 });
    const mac = `02:${unique().match(/../g)?.join(':')}:01`;
    const screens = {
      valid: await buildDevice(app, tenant.root, 'Valid', {}, { licensed: false }),
      // A claim binds a trial licence while the company has trials left.
      trial: await buildDevice(app, tenant.root, 'Trial'),
      expired: await buildDevice(app, tenant.root, 'Expired', {}, { licensed: false }),
      whitelisted: await buildDevice(app, tenant.root, 'Demo', { mac }, { licensed: false }),
      none: await buildDevice(app, tenant.root, 'Unlicensed', {}, { licensed: false }),
    };
    const valid = await data(bind(owner, { device_id: screens.valid.row.id, batch_id: batch.batch_id }));
    const lapsed = await data(bind(owner, { device_id: screens.expired.row.id, batch_id: batch.batch_id }));
    await app.db.execute(sql`insert into mac_whitelist (mac) values (${mac})`);
    // One of the two thirty-day licences was bound thirty-one days ago: it has expired.
    await app.db.execute(
      sql`update device_licenses set expires_at = expires_at - interval '31 days' where device_id = ${screens.expired.row.id}`,
    );

    type Item = { device_id: number; status: number; license: { state: string; license: unknown } };
    const listed: Item[] = (
      await data(owner({ method: 'GET', url: '/backend/manager/device?page_size=100' }))
    ).list;
    const itemOf = (screen: { row: { id: number } }) =>
      listed.find((item) => item.device_id === screen.row.id) as Item;
    expect(itemOf(screens.valid).license).toEqual({ state: 'valid', license: valid.license });
    expect(itemOf(screens.trial).license).toMatchObject({
      state: 'valid',
      license: { type: 'trial', validity_type: 'days', batch_no: expect.stringMatching(/^trial-/) },
    });
    expect(itemOf(screens.expired).license).toEqual({
      state: 'expired',
      license: {
        ...lapsed.license,
        expires_at: new Date(Date.parse(lapsed.license.expires_at) - 31 * 86_400_000).toISOString(),
      },
    });
    expect(itemOf(screens.expired).status).toBe(5);
    expect(itemOf(screens.whitelisted).license).toEqual({ state: 'whitelisted', license: null });
    expect(itemOf(screens.none).license).toEqual({ state: 'none', license: null });

    // The detail and GET device say the same of each.
    const ids = Object.values(screens).map((screen) => screen.row.id);
    const states = await data(owner({ method: 'GET', url: `${L}/device?device_ids=${ids.join(',')}` }));
    for (const screen of Object.values(screens)) {
      const { license } = itemOf(screen);
      expect(states.list).toContainEqual({ device_id: screen.row.id, ...license });
      expect(
        (await data(owner({ method: 'GET', url: `/backend/manager/device/${screen.row.id}` }))).license,
      ).toEqual(license);
    }
    // Another company's owner lists none of them and sees none of their licences.
    const stranger = await callAs(app, (await buildTenant(app)).owner);
    const theirs = await data(stranger({ method: 'GET', url: '/backend/manager/device?page_size=100' }));
    expect(theirs.list.filter((item: Item) => ids.includes(item.device_id))).toEqual([]);
    const detail = await stranger({ method: 'GET', url: `/backend/manager/device/${screens.valid.row.id}` });
    expect(detail.json().code).toBe(ResultCode.notFound);
  });

  it('lets exactly one of concurrent binds of the company’s last licence succeed', async () => {
    const { batch, tenant, owner } = await ownerWithLicences(1);
    const screens = await Promise.all(
      [1, 2, 3, 4].map((n) => buildDevice(app, tenant.root, `Screen ${n}`, {}, { licensed: false })),
    );
    const results = await Promise.all(
      screens.map((screen) => bind(owner, { device_id: screen.row.id, batch_id: batch.batch_id })),
    );
    const codes = results.map((response) => response.json().code).sort();
    expect(codes).toEqual([ResultCode.success, ...Array(3).fill(ResultCode.insufficientLicenses)]);
    const states = await data(
      owner({ method: 'GET', url: `${L}/device?device_ids=${screens.map((s) => s.row.id).join(',')}` }),
    );
    expect(states.list.filter((row: { state: string }) => row.state === 'valid')).toHaveLength(1);
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('refuses a schedule for a device never licensed or whose licence expired, and takes it once one is bound', async () => {
    const { batch, tenant, owner } = await ownerWithLicences(2, { validity_type: 'days', effect_days: 10 });
    const screen = await buildDevice(app, tenant.root, 'Foyer', {}, { licensed: false });
    const image = await buildContent(app, tenant.root, { mime: 'image/png', width: 1920, height: 1080 });
    const schedule = () => owner(scheduleRequest([screen.row.id], image.id));
    const refused = {
      code: ResultCode.validation,
      msg: 'Foyer: The device license has expired.',
      data: { field: 'device_ids', device_ids: [screen.row.id] },
    };
    const never = await databaseFingerprint(app.db);
    expect((await schedule()).json()).toMatchObject(refused);
    expect(await databaseFingerprint(app.db)).toBe(never);

    await data(bind(owner, { device_id: screen.row.id, batch_id: batch.batch_id }));
    expect((await schedule()).json().code).toBe(ResultCode.success);
    expect(await deviceStatus(owner, screen.row.id)).toEqual({ detail: 2, listed: 2, expiredListed: false });
    expect((await playerState(screen.token)).license).toMatchObject({ state: 'valid' });
    // Another company's screen whose MAC is whitelisted changes nothing for this one.
    const mac = `02:${unique().match(/../g)?.join(':')}:00`;
    await buildDevice(app, (await buildTenant(app)).root, 'Demo', { mac }, { licensed: false });
    await app.db.execute(sql`insert into mac_whitelist (mac) values (${mac})`);
    // Eleven days on by the licence clock, the ten-day licence has expired.
    setClockOffset(11 * 86_400_000);
    const before = await databaseFingerprint(app.db);
    expect((await schedule()).json()).toMatchObject(refused);
    expect(await databaseFingerprint(app.db)).toBe(before);
    // Status 5 on the list and the detail (the filter by 5 finds it, the one by offline not), and the
    // screen is told so.
    expect(await deviceStatus(owner, screen.row.id)).toEqual({
      detail: 5,
      listed: null,
      expiredListed: true,
    });
    const expired = (await playerState(screen.token)).license;
    expect(expired.state).toBe('expired');
    // On the real clock, which the screen keeps: ten days after binding, eleven before the licence clock.
    expect(Date.parse(expired.expires_at)).toBeLessThan(Date.now());
    await data(bind(owner, { device_id: screen.row.id, batch_id: batch.batch_id }));
    expect((await schedule()).json().code).toBe(ResultCode.success);
    expect(await deviceStatus(owner, screen.row.id)).toEqual({ detail: 2, listed: 2, expiredListed: false });
    expect((await playerState(screen.token)).license).toMatchObject({ state: 'valid' });
  });

  it('answers not found for another company’s device or batch, and for a customer', async () => {
    const mine = await customerWithLicences(1);
    const theirs = await customerWithLicences(1);
    await data(
      assign(mine.customer.call, {
        batch_id: mine.batch.batch_id,
        company_id: mine.tenant.company.id,
        quantity: 1,
      }),
    );
    const myScreen = await buildDevice(app, mine.tenant.root);
    const theirScreen = await buildDevice(app, theirs.tenant.root);
    const before = await databaseFingerprint(app.db);
    const code = async (call: Call, body: object) => (await bind(call, body)).json().code;
    expect(await code(mine.owner, { device_id: theirScreen.row.id, batch_id: mine.batch.batch_id })).toBe(
      ResultCode.notFound,
    );
    expect(await code(mine.owner, { device_id: myScreen.row.id, batch_id: theirs.batch.batch_id })).toBe(
      ResultCode.notFound,
    );
    expect(
      await code(mine.customer.call, { device_id: myScreen.row.id, batch_id: mine.batch.batch_id }),
    ).toBe(ResultCode.permission);
    expect(
      (
        await mine.owner({
          method: 'GET',
          url: `${L}/device?device_ids=${myScreen.row.id},${theirScreen.row.id}`,
        })
      ).json().code,
    ).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('ledger health', () => {
  it('passes a balanced ledger and names the pool that disagrees, with what the ledger expects and what it holds', async () => {
    const { batch, customer } = await customerWithLicences(5);
    expect(await poolsOffLedger(app.db)).toEqual([]);
    const pool = sql`holder_kind = 'customer' and holder_id = ${customer.customer.id} and batch_id = ${batch.batch_id}`;
    await app.db.execute(sql`update license_pools set held = held - 1 where ${pool}`);
    try {
      // The platform's licence pages ask; a customer may not.
      expect(await data(system({ method: 'GET', url: `${L}/health` }))).toEqual({
        abnormal: true,
        pools: [
          {
            holder_kind: 'customer',
            holder_id: customer.customer.id,
            batch_id: batch.batch_id,
            batch_no: batch.batch_no,
            expected_received: 5,
            received: 5,
            expected_held: 5,
            held: 4,
          },
        ],
      });
      expect((await customer.call({ method: 'GET', url: `${L}/health` })).json().code).toBe(
        ResultCode.permission,
      );
      expect(await poolsOffLedger(app.db)).toEqual([
        {
          holder_kind: 'customer',
          holder_id: customer.customer.id,
          batch_id: batch.batch_id,
          batch_no: batch.batch_no,
          expected_received: 5,
          received: 5,
          expected_held: 5,
          held: 4,
        },
      ]);
    } finally {
      await app.db.execute(sql`update license_pools set held = held + 1 where ${pool}`);
    }
    expect(await poolsOffLedger(app.db)).toEqual([]);
    expect(await data(system({ method: 'GET', url: `${L}/health` }))).toEqual({ abnormal: false, pools: [] });
  });
});
