import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentErrors } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { buildTenant } from '../../test/team-factories';

// POST player/content-error: what a screen could not show, kept with its company and workspace.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const report = (token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/backend/player/content-error',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const storedOf = (deviceId: number) =>
  app.db.select().from(contentErrors).where(eq(contentErrors.deviceId, deviceId)).orderBy(contentErrors.id);

describe('POST player/content-error', () => {
  it('keeps a report with the device’s company and workspace, each item and reason once per while', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: randomBytes(32).toString('hex') });
    const { token, row } = await buildDevice(app, tenant.root);
    const body = { content_id: image.id, key: 'z3/i7', reason: 'decode', message: 'x'.repeat(1200) };
    expect((await report(token, body)).json()).toMatchObject({ code: 220000, data: null });
    expect((await report(token, body)).json().code).toBe(220000);
    expect((await report(token, { ...body, reason: 'timeout' })).json().code).toBe(220000);
    expect(
      (await report(token, { content_id: null, key: 'z4/0', reason: 'load', message: '' })).json().code,
    ).toBe(220000);
    const rows = await storedOf(row.id);
    expect(rows.map((stored) => [stored.itemKey, stored.reason, stored.contentId])).toEqual([
      ['z3/i7', 'decode', image.id],
      ['z3/i7', 'timeout', image.id],
      ['z4/0', 'load', null],
    ]);
    expect(rows[0]).toMatchObject({ companyId: tenant.company.id, workspaceId: tenant.root.id });
    // A long message is cut, not refused.
    expect(rows[0].message).toHaveLength(500);
  });

  it('links no content of another company, and refuses bad reports, unpaired screens and strangers', async () => {
    const tenant = await buildTenant(app);
    const other = await buildTenant(app);
    const foreign = await buildContent(app, other.root);
    const { token, row } = await buildDevice(app, tenant.root);
    await report(token, { content_id: foreign.id, key: 'k', reason: 'play', message: 'm' });
    expect((await storedOf(row.id)).map((stored) => stored.contentId)).toEqual([null]);

    for (const bad of [
      { content_id: null, key: 'k', reason: 'crashed', message: 'm' },
      { content_id: null, key: '', reason: 'load', message: 'm' },
      { content_id: 0, key: 'k', reason: 'load', message: 'm' },
      { key: 'k', reason: 'load', message: 'm' },
    ]) {
      expect((await report(token, bad)).json().code).toBe(400001);
    }
    const unpaired = await registerPlayer(app);
    const ok = { content_id: null, key: 'k', reason: 'load', message: 'm' };
    expect((await report(unpaired.token, ok)).json()).toMatchObject({ code: 403001, data: null });
    expect((await report('x'.repeat(43), ok)).json().code).toBe(600003);
    expect(await storedOf(unpaired.row.id)).toEqual([]);
  });

  it('limits each device to 30 reports a minute (429001), without slowing the others', async () => {
    const tenant = await buildTenant(app);
    const noisy = await buildDevice(app, tenant.root);
    const quiet = await buildDevice(app, tenant.root);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await report(noisy.token, { content_id: null, key: `k${i}`, reason: 'load', message: '' })).json()
          .code,
      );
    }
    expect(codes.slice(0, 30).every((code) => code === 220000)).toBe(true);
    expect(codes[30]).toBe(429001);
    expect((await storedOf(noisy.row.id)).length).toBe(30);
    const other = await report(quiet.token, { content_id: null, key: 'k', reason: 'load', message: '' });
    expect(other.json().code).toBe(220000);
  });
});
