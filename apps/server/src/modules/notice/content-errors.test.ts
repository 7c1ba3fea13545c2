import { randomBytes } from 'node:crypto';
import { ContentType } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentErrors } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { as, loginAs } from '../../test/factories';
import { buildTenant } from '../../test/team-factories';

// POST player/content-error: what a screen could not show, kept with its company and workspace; and
// GET notice/content-error, the list of them through the caller's tenant scope.

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

describe('GET notice/content-error', () => {
  it('lists the reports of the scope with device and content names, filtered', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { name: 'Poster.png' });
    const screen = await buildDevice(app, tenant.root, 'Lobby');
    const call = as(app, await loginAs(app, tenant.owner.email));
    const hall = await buildDevice(app, tenant.root, 'Hall');
    await app.db.insert(contentErrors).values([
      {
        deviceId: screen.row.id,
        companyId: tenant.company.id,
        workspaceId: tenant.root.id,
        contentId: image.id,
        itemKey: 'a',
        reason: 'decode',
        message: 'bad frame',
      },
      {
        deviceId: hall.row.id,
        companyId: tenant.company.id,
        workspaceId: tenant.root.id,
        contentId: null,
        itemKey: 'b',
        reason: 'load',
        message: 'offline',
        createdAt: new Date(Date.now() - 20 * 86_400_000),
      },
    ]);
    const list = async (query: Record<string, string> = {}) =>
      (await call({ method: 'GET', url: '/backend/manager/notice/content-error', query })).json();
    const all = (await list()).data;
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({
      device_name: 'Lobby',
      content_name: 'Poster.png',
      content_type: ContentType.image,
      reason: 'decode',
      message: 'bad frame',
    });
    expect((await list({ days: '14' })).data.total).toBe(1);
    expect((await list({ device_id: String(hall.row.id) })).data.list[0]).toMatchObject({
      device_name: 'Hall',
      content_name: null,
    });
    expect((await list({ content_id: String(image.id) })).data.total).toBe(1);
    expect((await list({ keyword: 'offline' })).data.total).toBe(1);
    expect((await list({ days: '3' })).code).toBe(400001);
    const stranger = await buildTenant(app);
    const strangerCall = as(app, await loginAs(app, stranger.owner.email));
    expect(
      (await strangerCall({ method: 'GET', url: '/backend/manager/notice/content-error' })).json().data.total,
    ).toBe(0);
  });
});
