import fs from 'node:fs';
import path from 'node:path';
import { DeviceStatus, ResultCode } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildTenant, callAs } from '../../test/team-factories';
import { imageTypeOf, SCREENSHOT_MAX_BYTES } from './screenshot';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('the rest of a png')]);

/** A claimed online device with a screenshot command waiting for its upload. */
async function waitingDevice() {
  const tenant = await buildTenant(app);
  const call = await callAs(app, tenant.owner);
  const device = await buildDevice(app, tenant.root, 'Shot', { status: DeviceStatus.online });
  const [command] = await app.db
    .insert(deviceCommands)
    .values({ deviceId: device.row.id, action: 'screenshot' })
    .returning();
  return { ...device, call, commandId: command.id };
}

const upload = (token: string, commandId: number, body: Buffer, type = 'image/png') =>
  app.inject({
    method: 'POST',
    url: `/backend/player/screenshot?command_id=${commandId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: body,
  });

describe('screenshots', () => {
  it('stores an upload with the device token; the console reads back the bytes', async () => {
    const { token, row, call, commandId } = await waitingDevice();
    const url = `/backend/manager/device/${row.id}/screenshot`;
    expect((await call({ method: 'GET', url })).json().code).toBe(ResultCode.notFound);

    const response = await upload(token, commandId, PNG);
    expect(response.json().code).toBe(ResultCode.success);
    const [saved] = await app.db.select().from(devices).where(eq(devices.id, row.id));
    expect(saved.screenshotAt).toBeInstanceOf(Date);
    // Renamed into place: no temporary file left beside it.
    expect(fs.readdirSync(path.join(app.config.dataDir, 'screenshots'))).toEqual([`${row.id}.png`]);

    const image = await call({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('no-store');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a bad token with 401/600003 and stores nothing', async () => {
    const { row, commandId } = await waitingDevice();
    const response = await upload('x'.repeat(43), commandId, PNG);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.sessionExpired);
    const missing = await app.inject({
      method: 'POST',
      url: `/backend/player/screenshot?command_id=${commandId}`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(missing.json().code).toBe(ResultCode.sessionExpired);
    expect(fs.existsSync(path.join(app.config.dataDir, 'screenshots', `${row.id}.png`))).toBe(false);
  });

  it('takes one without a command from a screen with a screen-capture interval only', async () => {
    const { token, row } = await waitingDevice();
    const taken = (body: Buffer) =>
      app.inject({
        method: 'POST',
        url: '/backend/player/screenshot',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        payload: body,
      });
    expect((await taken(PNG)).json().code).toBe(ResultCode.notFound);
    const file = path.join(app.config.dataDir, 'screenshots', `${row.id}.png`);
    expect(fs.existsSync(file)).toBe(false);
    await app.db.update(devices).set({ screenshotInterval: 15 }).where(eq(devices.id, row.id));
    expect((await taken(PNG)).json().code).toBe(ResultCode.success);
    expect(fs.readFileSync(file).equals(PNG)).toBe(true);
  });

  it('takes an upload only for a pending screenshot command of this device', async () => {
    const first = await waitingDevice();
    const second = await waitingDevice();
    expect((await upload(first.token, second.commandId, PNG)).json().code).toBe(ResultCode.notFound);
    await app.db.update(deviceCommands).set({ status: 'done' }).where(eq(deviceCommands.id, first.commandId));
    expect((await upload(first.token, first.commandId, PNG)).json().code).toBe(ResultCode.notFound);
  });

  it('refuses what is not an image, and more than 4 MB', async () => {
    const { token, commandId } = await waitingDevice();
    expect((await upload(token, commandId, Buffer.from('not an image'))).json().code).toBe(
      ResultCode.validation,
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(SCREENSHOT_MAX_BYTES)]);
    expect((await upload(token, commandId, huge)).json().code).toBe(ResultCode.tooLarge);
  });

  it('answers 404001 for another tenant’s device', async () => {
    const { token, row, commandId } = await waitingDevice();
    await upload(token, commandId, PNG);
    const stranger = await callAs(app, (await buildTenant(app)).owner);
    const response = await stranger({ method: 'GET', url: `/backend/manager/device/${row.id}/screenshot` });
    expect(response.json().code).toBe(ResultCode.notFound);
  });

  it('tells PNG and JPEG apart by their bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
  });
});
