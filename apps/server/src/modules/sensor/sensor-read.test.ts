import { ResultCode, type ServerMessage } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sensors } from '../../db/schema';
import { buildSecondInstance, buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { closePlayers, connectPlayer, settled } from '../../test/player-sockets';
import { buildTenant, callAs } from '../../test/team-factories';

// A networked sensor's read (POST /backend/sensor/read, its secret as Bearer): relayed over the bus
// to the sockets of the screens of its company that listen to it, and to no other.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(closePlayers);

const URL = '/backend/manager/iot-device';

/** A company with a screen that listens to its sensor `sensorId` and one that does not, and the sensor's secret. */
async function shop(target: FastifyInstance, sensorId: string) {
  const tenant = await buildTenant(target);
  const call = await callAs(target, tenant.owner);
  const listening = await buildDevice(target, tenant.root, 'Window');
  const deaf = await buildDevice(target, tenant.root, 'Door');
  const sensor = (
    await call({
      method: 'POST',
      url: URL,
      payload: { sensor_id: sensorId, name: 'Shelf reader', type: 'rfid', device_ids: [listening.row.id] },
    })
  ).json().data;
  const made = await call({ method: 'POST', url: `${URL}/${sensor.id}/secret` });
  expect(made.json()).toMatchObject({ code: ResultCode.success, data: { secret: expect.any(String) } });
  return { call, sensor, listening, deaf, secret: made.json().data.secret as string };
}

const read = (target: FastifyInstance, secret: string | null, sensorId: string) =>
  target.inject({
    method: 'POST',
    url: '/backend/sensor/read',
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
    payload: { sensor_id: sensorId },
  });

const sensorReads = (heard: readonly ServerMessage[]) => heard.filter((message) => message.type === 'sensor');

describe('a networked sensor’s read', () => {
  it('reaches the screens that listen as a tap, not the others; the secret is kept hashed and shown once', async () => {
    const s = await shop(app, 'SHELF-1');
    const [row] = await app.db.select().from(sensors).where(eq(sensors.id, s.sensor.id));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secretHash).not.toBe(s.secret);
    const detail = (await s.call({ method: 'GET', url: `${URL}/${s.sensor.id}` })).json().data;
    expect(detail.has_secret).toBe(true);
    expect(JSON.stringify(detail)).not.toContain(s.secret);

    const window = await connectPlayer(app, s.listening.token);
    const door = await connectPlayer(app, s.deaf.token);
    const answer = await read(app, s.secret, ' shelf-1 ');
    expect(answer.json()).toEqual({
      code: ResultCode.success,
      msg: expect.any(String),
      data: { screens: 1 },
    });
    await settled(window);
    expect(sensorReads(window)).toEqual([{ type: 'sensor', sensor_id: 'SHELF-1' }]);
    expect(sensorReads(door)).toEqual([]);
  });

  it('refuses a missing or wrong secret, another sensor’s, a replaced one and a removed one (403001)', async () => {
    const s = await shop(app, 'SHELF-2');
    const other = await shop(app, 'SHELF-3');
    const refused = async (secret: string | null, sensorId = 'SHELF-2') => {
      const answer = await read(app, secret, sensorId);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({
        code: ResultCode.permission,
        msg: "This sensor's secret is missing or wrong",
      });
    };
    await refused(null);
    await refused('not-the-secret');
    await refused(other.secret);
    await refused(s.secret, 'SHELF-3');

    const replaced = await s.call({ method: 'POST', url: `${URL}/${s.sensor.id}/secret` });
    const secret = replaced.json().data.secret as string;
    expect(secret).not.toBe(s.secret);
    await refused(s.secret);
    expect((await read(app, secret, 'SHELF-2')).json().code).toBe(ResultCode.success);

    const removed = await s.call({ method: 'DELETE', url: `${URL}/${s.sensor.id}/secret` });
    expect(removed.json()).toMatchObject({ code: ResultCode.success, data: null });
    await refused(secret);
    expect((await s.call({ method: 'GET', url: `${URL}/${s.sensor.id}` })).json().data.has_secret).toBe(
      false,
    );
  });

  it('never reaches another company’s screen listening to a sensor of the same ID', async () => {
    const ours = await shop(app, 'SAME-SHELF');
    const theirs = await shop(app, 'SAME-SHELF');
    const mine = await connectPlayer(app, ours.listening.token);
    const foreign = await connectPlayer(app, theirs.listening.token);
    expect((await read(app, ours.secret, 'SAME-SHELF')).json().data).toEqual({ screens: 1 });
    await settled(mine);
    expect(sensorReads(foreign)).toEqual([]);
    // Another company's member cannot give themselves a secret of our sensor either.
    const made = await theirs.call({ method: 'POST', url: `${URL}/${ours.sensor.id}/secret` });
    expect(made.json().code).toBe(ResultCode.notFound);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('across instances', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildSecondInstance(app);
  });

  it('reaches a screen whose socket another instance holds', async () => {
    const s = await shop(app, 'SHELF-CLUSTER');
    const window = await connectPlayer(other, s.listening.token);
    expect((await read(app, s.secret, 'SHELF-CLUSTER')).json().data).toEqual({ screens: 1 });
    await settled(window);
    expect(sensorReads(window)).toEqual([{ type: 'sensor', sensor_id: 'SHELF-CLUSTER' }]);
  });
});
