import { type Holiday, ResultCode, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/holiday';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}
type Call = Awaited<ReturnType<typeof tenant>>['call'];

const add = async (call: Call, name: string, date: string) => {
  const response = await call({ method: 'POST', url: URL, payload: { name, date } });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as Holiday;
};

describe('holidays', () => {
  it('adds, lists by year and date, renames, moves and deletes the company’s holidays', async () => {
    const t = await tenant();
    const christmas = await add(t.call, ' Christmas ', '2030-12-25');
    expect(christmas).toEqual({
      id: expect.any(Number),
      name: 'Christmas',
      date: '2030-12-25',
      created_at: expect.any(String),
    });
    const newYear = await add(t.call, 'New year', '2031-01-01');
    const labour = await add(t.call, 'Labour day', '2030-05-01');

    const list = async (query: Record<string, string> = {}) =>
      (await t.call({ method: 'GET', url: URL, query })).json().data as { list: Holiday[]; total: number };
    expect((await list()).list.map((row) => row.id)).toEqual([labour.id, christmas.id, newYear.id]);
    expect((await list({ year: '2030' })).list.map((row) => row.name)).toEqual(['Labour day', 'Christmas']);
    expect((await list({ sort: 'name,asc' })).list.map((row) => row.name)).toEqual([
      'Christmas',
      'Labour day',
      'New year',
    ]);
    expect((await list({ year: '2040' })).total).toBe(0);
    expect((await t.call({ method: 'GET', url: URL, query: { year: 'soon' } })).json().code).toBe(
      ResultCode.validation,
    );

    const moved = await t.call({
      method: 'PUT',
      url: `${URL}/${labour.id}`,
      payload: { name: 'May day', date: '2030-05-02' },
    });
    expect(moved.json().data).toMatchObject({ id: labour.id, name: 'May day', date: '2030-05-02' });
    // Saving a holiday on its own date is no duplicate.
    const same = await t.call({
      method: 'PUT',
      url: `${URL}/${labour.id}`,
      payload: { name: 'May 2', date: '2030-05-02' },
    });
    expect(same.json().code).toBe(ResultCode.success);

    expect((await t.call({ method: 'DELETE', url: `${URL}/${newYear.id}` })).json().code).toBe(
      ResultCode.success,
    );
    expect((await list()).total).toBe(2);
    expect((await t.call({ method: 'DELETE', url: `${URL}/${newYear.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
  });

  it('refuses a second holiday on a date, a bad date and a missing name', async () => {
    const t = await tenant();
    const first = await add(t.call, 'Christmas', '2030-12-25');
    const again = await t.call({ method: 'POST', url: URL, payload: { name: 'Xmas', date: '2030-12-25' } });
    expect(again.json()).toMatchObject({
      code: ResultCode.duplicate,
      msg: 'The time already exists.',
      data: null,
    });
    const other = await add(t.call, 'Boxing day', '2030-12-26');
    const onto = await t.call({
      method: 'PUT',
      url: `${URL}/${other.id}`,
      payload: { name: 'Boxing day', date: first.date },
    });
    expect(onto.json().code).toBe(ResultCode.duplicate);
    for (const payload of [
      { name: 'Bad', date: '2030-13-01' },
      { name: 'Bad', date: '25/12/2030' },
      { name: '', date: '2030-12-24' },
      { date: '2030-12-24' },
    ]) {
      expect((await t.call({ method: 'POST', url: URL, payload })).json().code).toBe(ResultCode.validation);
    }
    // Another company may have the same date.
    const other2 = await tenant();
    await add(other2.call, 'Christmas', '2030-12-25');
  });

  it('shares holidays across the company’s workspaces, hides them from other companies', async () => {
    const t = await tenant();
    const other = await tenant();
    const holiday = await add(t.call, 'Christmas', '2030-12-25');
    const space = await buildWorkspace(app, t.company.id, t.root.id);
    const admin = await callAs(app, await buildMember(app, space, Role.userAdmin));
    expect((await admin({ method: 'GET', url: URL })).json().data.list.map((row: Holiday) => row.id)).toEqual(
      [holiday.id],
    );
    expect((await other.call({ method: 'GET', url: URL })).json().data.total).toBe(0);
    for (const request of [
      { method: 'PUT' as const, url: `${URL}/${holiday.id}`, payload: { name: 'Mine', date: '2030-01-01' } },
      { method: 'DELETE' as const, url: `${URL}/${holiday.id}` },
    ]) {
      expect((await other.call(request)).json().code).toBe(ResultCode.notFound);
    }
    // A user (role 4) lacks setting:holiday:list by default.
    const user = await callAs(app, await buildMember(app, space, Role.user));
    const denied = await user({ method: 'GET', url: URL });
    expect(denied.json().code).toBe(ResultCode.permission);
  });
});
