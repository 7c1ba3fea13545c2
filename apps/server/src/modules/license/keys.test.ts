import { randomBytes } from 'node:crypto';
import { LICENSE_KEY_ATTEMPTS, ResultCode, Role } from '@vitrine/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { batchRequest, data } from '../../test/license-factories';
import { buildCustomer, buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const L = '/backend/manager/license';
type Call = typeof system;
const unique = () => randomBytes(4).toString('hex');
/** Each test enters its keys from its own address, so the address limit of one does not touch another. */
const address = () => `10.${randomBytes(3).join('.')}`;

async function batchWithKey(maxUses: number, batch: object = {}) {
  const created = await data(system(batchRequest(batch)));
  const key = await data(
    system({
      method: 'POST',
      url: `${L}/batch/${created.batch_id}/key`,
      payload: { max_use_times: maxUses },
    }),
  );
  return { batch: created, key };
}

async function owner() {
  const customer = await buildCustomer(app);
  const tenant = await buildTenant(app, { customerId: customer.customer.id });
  return { customer, tenant, call: await callAs(app, tenant.owner) };
}

const from =
  (call: Call, ip: string) =>
  (options: InjectOptions): ReturnType<Call> =>
    call({ ...options, remoteAddress: ip });
const bind = (call: Call, body: object) => call({ method: 'POST', url: `${L}/key/bind`, payload: body });
const search = (call: Call, key: string) =>
  call({ method: 'GET', url: `${L}/key?key=${encodeURIComponent(key)}` });

describe('licence keys', () => {
  it('makes an unguessable key shown once, which only system roles make and list', async () => {
    const { batch, key } = await batchWithKey(3);
    expect(key.key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    expect(key).toMatchObject({ batch_id: batch.batch_id, uses: 0, max_uses: 3, hint: key.key.slice(-4) });
    expect(key.created_by).not.toBe('');
    const listed = await data(system({ method: 'GET', url: `${L}/batch/${batch.batch_id}/key` }));
    const { key: _text, ...item } = key;
    expect(listed.list).toEqual([item]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    const { call } = await owner();
    expect(
      (await call({ method: 'POST', url: `${L}/batch/${batch.batch_id}/key`, payload: {} })).json().code,
    ).toBe(ResultCode.permission);
    // Left out, the key's uses are the batch's max use times.
    const byBatch = await data(
      system({ method: 'POST', url: `${L}/batch/${batch.batch_id}/key`, payload: {} }),
    );
    expect(byBatch.max_uses).toBe(1);
    expect(byBatch.key).not.toBe(key.key);
  });

  it('binds by key, replacing the device’s licence, counts the use and shows it in the search', async () => {
    const { batch, key } = await batchWithKey(2, { validity_type: 'days', effect_days: 7 });
    const mine = await owner();
    const call = from(mine.call, address());
    const screen = await buildDevice(app, mine.tenant.root, 'Lobby');
    // The key's text is forgiving: lower case and spaces instead of dashes bind the same key.
    const typed = key.key.toLowerCase().replaceAll('-', ' ');
    const bound = await data(bind(call, { key: typed, device_id: screen.row.id }));
    expect(bound).toMatchObject({ device_id: screen.row.id, license: { batch_id: batch.batch_id } });
    expect(bound.replaced).not.toBeNull();
    expect(Date.parse(bound.license.expires_at) - Date.parse(bound.license.bound_at)).toBe(7 * 86_400_000);

    const detail = await data(search(call, key.key));
    expect(detail).toMatchObject({ batch_id: batch.batch_id, uses: 1, max_uses: 2 });
    expect(detail.devices).toEqual([
      { device_id: screen.row.id, device_name: 'Lobby', bound_at: expect.any(String) },
    ]);
    // The customer sees the key (it bound its company's device); the platform sees it too.
    expect((await data(search(from(mine.customer.call, address()), key.key))).devices).toHaveLength(1);
    expect((await data(search(from(system, address()), key.key))).uses).toBe(1);
    // Another customer neither holds the batch nor had a device bound by it.
    const other = await owner();
    expect((await search(from(other.customer.call, address()), key.key)).json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'This license key is not valid. Check it and try again.',
    });
    // Another owner may use the key, but sees none of the first company's devices.
    expect((await data(search(from(other.call, address()), key.key))).devices).toEqual([]);
    const platform = await data(system({ method: 'GET', url: `${L}/batch` }));
    expect(platform.list.find((row: { batch_id: number }) => row.batch_id === batch.batch_id)).toMatchObject({
      assigned: 1,
      unassigned: 9,
    });
  });

  it('refuses a wrong, used-up or expired key and another company’s device, changing nothing', async () => {
    const { key } = await batchWithKey(1);
    const mine = await owner();
    const theirs = await owner();
    const call = from(mine.call, address());
    const screen = await buildDevice(app, mine.tenant.root, 'Hall');
    const theirScreen = await buildDevice(app, theirs.tenant.root, 'Far');
    const before = await databaseFingerprint(app.db);
    expect((await bind(call, { key: key.key, device_id: theirScreen.row.id })).json().code).toBe(
      ResultCode.notFound,
    );
    expect((await bind(mine.customer.call, { key: key.key, device_id: screen.row.id })).json().code).toBe(
      ResultCode.notFound,
    );
    expect((await bind(call, { key: '', device_id: screen.row.id })).json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(before);

    await data(bind(call, { key: key.key, device_id: screen.row.id }));
    expect((await bind(call, { key: key.key, device_id: screen.row.id })).json()).toMatchObject({
      code: ResultCode.stateConflict,
      msg: 'This license key has been used the maximum number of times.',
    });
    const expired = await batchWithKey(1, { validity_type: 'date', expiration_date: '2020-01-01' });
    expect((await bind(call, { key: expired.key.key, device_id: screen.row.id })).json()).toMatchObject({
      code: ResultCode.stateConflict,
      msg: 'This license batch has expired.',
    });
    expect((await data(search(call, expired.key.key))).uses).toBe(0);
  });

  it('limits wrong keys per user and per address, counted in the database', async () => {
    const mine = await owner();
    const screen = await buildDevice(app, mine.tenant.root, 'Door');
    const ip = address();
    const wrong = () => `WRONG-${unique()}`;
    for (let n = 0; n < LICENSE_KEY_ATTEMPTS; n++) {
      expect((await bind(from(mine.call, ip), { key: wrong(), device_id: screen.row.id })).json().code).toBe(
        ResultCode.validation,
      );
    }
    const { key } = await batchWithKey(1);
    // Even the right key is refused while the user is over the limit, from any address.
    expect(
      (await bind(from(mine.call, address()), { key: key.key, device_id: screen.row.id })).json(),
    ).toMatchObject({
      code: ResultCode.tooManyRequests,
      msg: 'Too many wrong license keys. Try again in 15 minutes.',
      data: { minutes: 15 },
    });
    expect((await search(from(mine.call, address()), key.key)).json().code).toBe(ResultCode.tooManyRequests);
    // Another user from the same address is limited too; from another address, not.
    const other = await owner();
    expect((await search(from(other.call, ip), key.key)).json().code).toBe(ResultCode.tooManyRequests);
    expect((await data(search(from(other.call, address()), key.key))).uses).toBe(0);
  });

  it('lets exactly one of two concurrent uses of the last use win', async () => {
    const { key } = await batchWithKey(1);
    const mine = await owner();
    const call = from(mine.call, address());
    const screens = await Promise.all(
      [1, 2].map((n) => buildDevice(app, mine.tenant.root, `Screen ${n}`, {}, { licensed: false })),
    );
    const results = await Promise.all(
      screens.map((screen) => bind(call, { key: key.key, device_id: screen.row.id })),
    );
    expect(results.map((response) => response.json().code).sort()).toEqual([
      ResultCode.success,
      ResultCode.stateConflict,
    ]);
    const states = await data(
      call({ method: 'GET', url: `${L}/device?device_ids=${screens.map((s) => s.row.id).join(',')}` }),
    );
    expect(states.list.filter((row: { state: string }) => row.state === 'valid')).toHaveLength(1);
    expect((await data(search(call, key.key))).uses).toBe(1);
  });
});
