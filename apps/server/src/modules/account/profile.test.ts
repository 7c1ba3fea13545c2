import { userInfoSchema } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { loggedIn } from '../../test/factories';
import { buildCustomer } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const center = '/backend/manager/account/user-center';

describe('user center info and update', () => {
  it('info answers the caller as UserInfo, nothing more', async () => {
    const { user, call } = await loggedIn(app, { role: 4, language: 'zh-TW' });
    const { code, data } = (await call({ method: 'GET', url: `${center}/info` })).json();
    expect(code).toBe(220000);
    expect(Object.keys(data).sort()).toEqual(Object.keys(userInfoSchema.shape).sort());
    expect(data).toMatchObject({
      user_id: user.id,
      email: user.email,
      role_id: 4,
      role_name: 'user',
      language_len_id: 'zh-TW',
      group_id: user.workspaceId,
      login_times: 1,
    });
  });

  it("info and login name a customer account's customer; others have none", async () => {
    const { customer, call } = await buildCustomer(app);
    const { data } = (await call({ method: 'GET', url: `${center}/info` })).json();
    expect(data).toMatchObject({
      customer_id: customer.id,
      customer_name: customer.name,
      company_name: null,
    });
    const other = await loggedIn(app, { role: 4 });
    expect((await other.call({ method: 'GET', url: `${center}/info` })).json().data.customer_name).toBeNull();
  });

  it('info needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: `${center}/info` })).json().code).toBe(600003);
  });

  it('update changes the username and nickname; a nickname left out stays, an empty one clears', async () => {
    const { call } = await loggedIn(app);
    const update = (payload: object) => call({ method: 'POST', url: `${center}/update`, payload });

    const first = await update({ username: '  Grace Hopper ', nickname: 'Amazing Grace' });
    expect(first.json().data).toMatchObject({ username: 'Grace Hopper', nickname: 'Amazing Grace' });
    const kept = await update({ username: 'Grace' });
    expect(kept.json().data).toMatchObject({ username: 'Grace', nickname: 'Amazing Grace' });
    const cleared = await update({ username: 'Grace', nickname: '' });
    expect(cleared.json().data.nickname).toBeNull();
    expect((await call({ method: 'GET', url: `${center}/info` })).json().data.username).toBe('Grace');
  });

  it('update refuses names over 64 characters and an empty username, changing nothing', async () => {
    const { user, call } = await loggedIn(app);
    const update = (payload: object) => call({ method: 'POST', url: `${center}/update`, payload });
    const long = await update({ username: 'x'.repeat(65) });
    expect(long.json().data.errors).toContainEqual({
      field: 'username',
      message: 'Names can be at most 64 characters long',
    });
    expect((await update({ username: 'ok', nickname: 'y'.repeat(65) })).json().code).toBe(400001);
    expect((await update({ username: '   ' })).json().code).toBe(400001);
    expect((await call({ method: 'GET', url: `${center}/info` })).json().data.username).toBe(user.username);
  });
});
