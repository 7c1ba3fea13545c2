import { randomBytes } from 'node:crypto';
import { type LicenseBatchCreateRequest, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockOffset } from '../../platform/clock';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { batchRequest, data } from '../../test/license-factories';
import { buildCustomer, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

// GET dashboard/license-statistic: each holder's figures after issuing, assigning, binding and
// expiry, equal to what its licence pages (the batch list, shunt, company-shunt) answer.

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
afterEach(() => setClockOffset(0));

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

type Call = typeof system;
const L = '/backend/manager/license';
const DAY_MS = 86_400_000;
const unique = () => randomBytes(4).toString('hex');

const statistic = (call: Call) =>
  data(call({ method: 'GET', url: '/backend/manager/dashboard/license-statistic' }));

const createBatch = (body: Partial<LicenseBatchCreateRequest>) => data(system(batchRequest(body)));

const issue = (batchId: number, customerId: number, quantity: number) =>
  data(
    system({
      method: 'POST',
      url: `${L}/batch/${batchId}/issue`,
      payload: { customer_id: customerId, quantity },
    }),
  );

/** A customer with a company whose pool holds `assigned` of the `issued` licences of a 10-day batch. */
async function companyWithLicences(issued: number, assigned: number) {
  const batch = await createBatch({ validity_type: 'days', effect_days: 10, quantity: issued });
  const customer = await buildCustomer(app);
  const tenant = await buildTenant(app, { customerId: customer.customer.id });
  await issue(batch.batch_id, customer.customer.id, issued);
  await data(
    customer.call({
      method: 'POST',
      url: `${L}/assign`,
      payload: { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: assigned },
    }),
  );
  return { batch, customer, tenant, owner: await callAs(app, tenant.owner) };
}

const bind = (owner: Call, deviceId: number, batchId: number) =>
  data(owner({ method: 'POST', url: `${L}/bind`, payload: { device_id: deviceId, batch_id: batchId } }));

/** The pool call's figures summed over the batches, as the dashboard sums them. */
async function poolTotals(call: Call, path: 'shunt' | 'company-shunt') {
  const { list } = await data(call({ method: 'GET', url: `${L}/${path}` }));
  const sum = (key: string) =>
    list.reduce((total: number, row: Record<string, number>) => total + row[key], 0);
  return { quantity: sum('quantity'), assigned: sum('assigned'), available: sum('available') };
}

describe('dashboard licence figures', () => {
  it('gives the platform, by type, issued, available, assigned to customers and bound devices, as its batch list', async () => {
    type Row = { type: string; issued: number; available: number; customers: number; devices: number };
    const byType = async () => {
      const figures = await statistic(system);
      expect(figures.holder).toBe('platform');
      return Object.fromEntries(figures.by_type.map((row: Row) => [row.type, row])) as Record<string, Row>;
    };
    const before = await byType();

    const { batch, customer, tenant, owner } = await companyWithLicences(6, 3);
    await createBatch({ quantity: 4 }); // not issued: all available at the platform
    const trial = await createBatch({
      type: 'trial',
      validity_type: 'date',
      expiration_date: '2099-12-31',
      quantity: 2,
    });
    await issue(trial.batch_id, customer.customer.id, 1);
    const screens = await Promise.all(
      ['A', 'B'].map((name) => buildDevice(app, tenant.root, name, {}, { licensed: false })),
    );
    for (const screen of screens) await bind(owner, screen.row.id, batch.batch_id);

    const after = await byType();
    const delta = (type: string, key: keyof Omit<Row, 'type'>) => after[type][key] - before[type][key];
    expect(
      ['issued', 'available', 'customers', 'devices'].map((key) => delta('commercial', key as never)),
    ).toEqual([10, 4, 6, 2]);
    expect(
      ['issued', 'available', 'customers', 'devices'].map((key) => delta('trial', key as never)),
    ).toEqual([2, 1, 1, 0]);

    // The figures are the batch list's, summed by type.
    const batches = await data(system({ method: 'GET', url: `${L}/batch?page_size=200` }));
    expect(batches.total).toBeLessThanOrEqual(200);
    for (const type of ['commercial', 'trial']) {
      const rows = batches.list.filter((row: { type: string }) => row.type === type);
      const sum = (key: string) =>
        rows.reduce((total: number, row: Record<string, number>) => total + row[key], 0);
      expect([after[type].issued, after[type].available]).toEqual([sum('quantity'), sum('available')]);
    }

    // The 10-day licences lapse: no longer bound in force.
    setClockOffset(11 * DAY_MS);
    expect((await byType()).commercial.devices).toBe(after.commercial.devices - 2);
  });

  it('gives a customer its pool, as its shunt call, and the devices of its companies holding a licence', async () => {
    const { batch, customer, tenant, owner } = await companyWithLicences(5, 3);
    const other = await buildTenant(app, { customerId: customer.customer.id });
    await data(
      customer.call({
        method: 'POST',
        url: `${L}/assign`,
        payload: { batch_id: batch.batch_id, company_id: other.company.id, quantity: 1 },
      }),
    );
    const screen = await buildDevice(app, tenant.root, 'Lobby', {}, { licensed: false });
    await buildDevice(app, tenant.root, 'Hall', {}, { licensed: false });
    await bind(owner, screen.row.id, batch.batch_id);
    // A trial from the claim is a licence in force too.
    await buildDevice(app, other.root, 'Shop');
    // Another customer's screen is not counted.
    const stranger = await companyWithLicences(1, 1);
    await bind(
      stranger.owner,
      (await buildDevice(app, stranger.tenant.root, 'Else', {}, { licensed: false })).row.id,
      stranger.batch.batch_id,
    );

    const figures = await statistic(customer.call);
    expect(figures).toEqual({ holder: 'customer', quantity: 5, assigned: 4, available: 1, devices: 2 });
    const { holder: _, devices: __, ...pool } = figures;
    expect(pool).toEqual(await poolTotals(customer.call, 'shunt'));

    setClockOffset(11 * DAY_MS);
    expect(await statistic(customer.call)).toMatchObject({ devices: 1 });
  });

  it('gives a company its pool and its screens licensed, expiring within the reminder threshold, expired and unlicensed', async () => {
    const { batch, tenant, owner } = await companyWithLicences(4, 3);
    const [a, b] = await Promise.all(
      ['A', 'B'].map((name) => buildDevice(app, tenant.root, name, {}, { licensed: false })),
    );
    // Licensed without a licence: its MAC is on the whitelist.
    const mac = `02:00:${unique().replace(/(..)(?=.)/g, '$1:')}`;
    await buildDevice(app, tenant.root, 'Listed', { mac }, { licensed: false });
    await data(system({ method: 'POST', url: `${L}/whitelist`, payload: { macs: [mac] } }));
    await buildDevice(app, tenant.root, 'Never', {}, { licensed: false });
    await bind(owner, a.row.id, batch.batch_id);
    await bind(owner, b.row.id, batch.batch_id);
    // A 30-day trial from the claim.
    await buildDevice(app, tenant.root, 'Trial');

    const pool = await poolTotals(owner, 'company-shunt');
    expect(pool).toEqual({ quantity: 3, assigned: 2, available: 1 });
    expect(await statistic(owner)).toEqual({
      holder: 'company',
      ...pool,
      licensed: 4,
      expiring: 3, // the two 10-day licences and the 30-day trial, within the default 30 days
      expired: 0,
      unlicensed: 1,
      remind_days: 30,
      remind_from: 'default',
    });
    // The storage quota counts the same licensed screens, the whitelisted one included.
    const oss = await data(owner({ method: 'GET', url: '/backend/manager/dashboard/oss-statistic' }));
    expect(oss.licensed_devices).toBe(4);

    // The company's own reminder threshold decides what is expiring.
    await data(
      owner({
        method: 'PUT',
        url: `${L}/remind`,
        payload: {
          enabled: false,
          threshold_days: 12,
          frequency_days: 1,
          user_ids: [],
          emails: [],
          exempt_days: [],
          send_time: '09:00',
        },
      }),
    );
    expect(await statistic(owner)).toMatchObject({ expiring: 2, remind_days: 12, remind_from: 'setting' });

    // Eleven days on, the 10-day licences have expired; the whitelisted screen stays licensed.
    setClockOffset(11 * DAY_MS);
    expect(await statistic(owner)).toMatchObject({
      licensed: 2,
      expiring: 0, // the trial has 19 days left, beyond the 12
      expired: 2,
      unlicensed: 1,
    });
  });

  it('keeps each caller to its own company and workspaces', async () => {
    const { batch, tenant, owner } = await companyWithLicences(2, 2);
    const branch = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const inBranch = await buildDevice(
      app,
      { id: branch.id, companyId: tenant.company.id },
      'Branch',
      {},
      {
        licensed: false,
      },
    );
    await buildDevice(app, tenant.root, 'Root', {}, { licensed: false });
    await bind(owner, inBranch.row.id, batch.batch_id);
    const user = await loggedIn(app, {
      role: Role.user,
      companyId: tenant.company.id,
      workspaceId: branch.id,
    });
    // Another company with its own licensed screens.
    const other = await companyWithLicences(3, 3);
    await bind(
      other.owner,
      (await buildDevice(app, other.tenant.root, 'Else', {}, { licensed: false })).row.id,
      other.batch.batch_id,
    );

    expect(await statistic(owner)).toMatchObject({ quantity: 2, available: 1, licensed: 1, unlicensed: 1 });
    // A user sees its workspace's screens and its company's pool.
    expect(await statistic(user.call)).toMatchObject({
      quantity: 2,
      available: 1,
      licensed: 1,
      unlicensed: 0,
    });
    expect(await statistic(other.owner)).toMatchObject({
      quantity: 3,
      available: 2,
      licensed: 1,
      unlicensed: 0,
    });
  });
});
