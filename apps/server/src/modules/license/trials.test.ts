import { ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { setClockOffset } from '../../platform/clock';
import { buildTestApp } from '../../test/app';
import { registerPlayer } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { data } from '../../test/license-factories';
import { buildTenant, callAs } from '../../test/team-factories';
import { poolsOffLedger } from './health';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const L = '/backend/manager/license';
type Call = typeof system;

const setTerms = (days: number, limit: number) =>
  data(system({ method: 'PUT', url: `${L}/trial`, payload: { days, limit } }));

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, owner: await callAs(app, t.owner) };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** Claims a freshly registered screen through the console's add call (rate-limited: few per file). */
async function claim(t: Tenant, name = 'Screen') {
  const { state, row } = await registerPlayer(app);
  const response = await t.owner({
    method: 'POST',
    url: '/backend/manager/device',
    payload: {
      signage_id: state.signage_id,
      device_name: name,
      group_id: t.root.id,
      authentication: state.pin,
    },
  });
  return { row, answer: response.json() };
}

const stateOf = async (call: Call, deviceId: number) =>
  (await data(call({ method: 'GET', url: `${L}/device?device_ids=${deviceId}` }))).list[0];

const usageOf = (call: Call, keyword: string) =>
  data(call({ method: 'GET', url: `${L}/trial/usage?keyword=${encodeURIComponent(keyword)}` }));

/** Pools whose figures differ from the ledger's sums: none when every move kept both. */
describe('trial terms', () => {
  it('start at 30 days and 10 trials; an owner reads them, only system roles change them', async () => {
    const t = await tenant();
    expect(await data(t.owner({ method: 'GET', url: `${L}/trial` }))).toEqual({ days: 30, limit: 10 });
    const refused = (
      await t.owner({ method: 'PUT', url: `${L}/trial`, payload: { days: 5, limit: 1 } })
    ).json();
    expect(refused.code).toBe(ResultCode.permission);

    const bad = (await system({ method: 'PUT', url: `${L}/trial`, payload: { days: 0, limit: -1 } })).json();
    expect(bad.code).toBe(ResultCode.validation);
    expect(JSON.stringify(bad)).toContain('trial length in days');
    const tooLong = (
      await system({ method: 'PUT', url: `${L}/trial`, payload: { days: 366, limit: 3 } })
    ).json();
    expect(tooLong.code).toBe(ResultCode.validation);
    expect(await data(system({ method: 'GET', url: `${L}/trial` }))).toEqual({ days: 30, limit: 10 });

    expect(await setTerms(7, 3)).toEqual({ days: 7, limit: 3 });
    expect(await data(t.owner({ method: 'GET', url: `${L}/trial` }))).toEqual({ days: 7, limit: 3 });
  });
});

describe('a trial at claim', () => {
  it('gives a newly claimed screen a trial licence of the terms’ length, counted for its company', async () => {
    await setTerms(7, 10);
    const t = await tenant();
    const { row, answer } = await claim(t, 'Lobby');
    expect(answer.data).toMatchObject({ device_id: row.id, trial: 'granted' });

    const state = await stateOf(t.owner, row.id);
    expect(state).toMatchObject({ state: 'valid', license: { type: 'trial', validity_type: 'days' } });
    const length = Date.parse(state.license.expires_at) - Date.parse(state.license.bound_at);
    expect(length).toBe(7 * 86_400_000);

    expect(await usageOf(t.owner, '')).toEqual({
      list: [{ company_id: t.company.id, company_name: t.company.name, used: 1, limit: 10 }],
      total: 1,
    });
    expect((await usageOf(system, t.company.name)).list).toEqual([
      { company_id: t.company.id, company_name: t.company.name, used: 1, limit: 10 },
    ]);
    expect(await data(t.owner({ method: 'GET', url: `${L}/trial/device` }))).toEqual({
      list: [{ device_id: row.id, device_name: 'Lobby', expires_at: state.license.expires_at }],
      total: 1,
    });
    // Past its expiry on the licence clock, the trial is expired.
    setClockOffset(7 * 86_400_000 + 60_000);
    try {
      expect(await stateOf(t.owner, row.id)).toMatchObject({ state: 'expired', license: { type: 'trial' } });
    } finally {
      setClockOffset(0);
    }
    // Another company's owner sees neither the usage nor the device.
    const other = await tenant();
    expect((await usageOf(other.owner, t.company.name)).list).toEqual([]);
    expect((await data(other.owner({ method: 'GET', url: `${L}/trial/device` }))).total).toBe(0);
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('says trials are exhausted past the limit, and gives a re-claimed screen no second trial', async () => {
    await setTerms(30, 1);
    const t = await tenant();
    const first = await claim(t, 'First');
    expect(first.answer.data.trial).toBe('granted');
    const second = await claim(t, 'Second');
    expect(second.answer.data.trial).toBe('exhausted');
    expect(await stateOf(t.owner, second.row.id)).toMatchObject({ state: 'none', license: null });

    // Unpaired (as the unpair command leaves it) and claimed again with trials to spare: none.
    await setTerms(30, 10);
    await app.db
      .update(devices)
      .set({ companyId: null, workspaceId: null, pin: '135790', pinExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(devices.id, first.row.id));
    const again = await t.owner({
      method: 'POST',
      url: '/backend/manager/device',
      payload: {
        signage_id: first.row.signageId,
        device_name: 'Again',
        group_id: t.root.id,
        authentication: '135790',
      },
    });
    expect(again.json().data.trial).toBe('none');
    expect((await usageOf(t.owner, '')).list[0].used).toBe(1);
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });

  it('gives the company’s last trial to exactly one of two concurrent claims', async () => {
    await setTerms(30, 1);
    const t = await tenant();
    const claims = await Promise.all([claim(t, 'A'), claim(t, 'B')]);
    expect(claims.map((c) => c.answer.data.trial).sort()).toEqual(['exhausted', 'granted']);
    expect((await usageOf(t.owner, '')).list[0].used).toBe(1);
    expect(await poolsOffLedger(app.db)).toEqual([]);
  });
});
