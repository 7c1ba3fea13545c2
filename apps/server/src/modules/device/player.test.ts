import { ResultCode, SIGNAGE_ID_PATTERN } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { buildTestApp } from '../../test/app';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { buildTenant } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const helloWith = (payload: object) => app.inject({ method: 'POST', url: '/backend/player/hello', payload });

describe('POST player/hello', () => {
  it('registers a new screen with a signage ID, a PIN and a token stored hashed', async () => {
    const info = {
      resolution: '1920x1080',
      orientation: 90,
      timezone: 'Europe/Rome',
      user_agent: 'Chrome',
      player_version: '1.2.3',
      free_storage: 1000,
      storage_quota: 4000,
      storage_mode: 'indexeddb',
      mac: 'aa:bb:cc:dd:ee:ff',
      language: 'it',
    };
    const { state, token, row } = await registerPlayer(app, info);
    expect(state.signage_id).toMatch(SIGNAGE_ID_PATTERN);
    expect(state.pin).toMatch(/^\d{6}$/);
    expect(state.paired).toBe(false);
    expect(new Date(state.pin_expires_at as string).getTime()).toBeGreaterThan(Date.now() + 200_000);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(row).toMatchObject({
      tokenHash: hashToken(token),
      status: 0,
      companyId: null,
      resolution: '1920x1080',
      // The rotation the console sets, not what the screen reports.
      orientation: 0,
      timezone: 'Europe/Rome',
      userAgent: 'Chrome',
      systemVersion: '1.2.3',
      freeStorage: 1000,
      storageQuota: 4000,
      storageMode: 'indexeddb',
      mac: 'AA:BB:CC:DD:EE:FF',
      language: 'it',
    });
  });

  it('answers the same screen’s state to its token, without the token, and stores new info', async () => {
    const { state, token, row } = await registerPlayer(app);
    const again = (await helloWith({ token, info: { resolution: '1080x1920' } })).json().data;
    expect(again).toMatchObject({ signage_id: state.signage_id, pin: state.pin, paired: false });
    expect(again.token).toBeUndefined();
    const [stored] = await app.db.select().from(devices).where(eq(devices.id, row.id));
    expect(stored.resolution).toBe('1080x1920');
  });

  it('renews an expired PIN while unpaired', async () => {
    const { state, token, row } = await registerPlayer(app);
    await app.db
      .update(devices)
      .set({ pinExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(devices.id, row.id));
    const again = (await helloWith({ token })).json().data;
    expect(new Date(again.pin_expires_at).getTime()).toBeGreaterThan(Date.now());
    const [stored] = await app.db.select().from(devices).where(eq(devices.id, row.id));
    expect(stored.pin).toBe(again.pin);
    expect(again.signage_id).toBe(state.signage_id);
  });

  it('shows a claimed screen its name and company, and no PIN', async () => {
    const tenant = await buildTenant(app, { name: 'Shop Co' });
    const { token } = await buildDevice(app, tenant.root, 'Window');
    const state = (await helloWith({ token })).json().data;
    expect(state).toMatchObject({ paired: true, pin: null, device_name: 'Window', company_name: 'Shop Co' });
  });

  it('answers an unknown token with 600003 so the player registers again', async () => {
    const response = await helloWith({ token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.sessionExpired);
  });

  it('refuses a malformed report with 400001', async () => {
    const response = await helloWith({ info: { mac: 'not a mac' } });
    expect(response.json().code).toBe(ResultCode.validation);
  });
});
