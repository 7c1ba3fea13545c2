import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContentType, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbacks, schedules, statisticsExports } from '../../db/schema';
import { buildStoreInstances, buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { as, loginAs } from '../../test/factories';
import { buildMember, buildTenant, buildWorkspace } from '../../test/team-factories';
import { EXPORT_BATCH, exportsDir } from './exports';

// Proof of play (POST player/playbacks), the playback log and its summary, and exports as jobs,
// each through the caller's tenant scope.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const upload = (token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/backend/player/playbacks',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function buildSchedule(workspace: { id: number; companyId: number }, name = 'Morning') {
  const [row] = await app.db
    .insert(schedules)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name,
      type: 'standard',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })
    .returning();
  return row;
}

/** A company with a screen that played an image for a schedule, and its owner logged in. */
async function buildPlayedTenant() {
  const tenant = await buildTenant(app);
  const image = await buildContent(app, tenant.root, { name: 'Poster.png' });
  const video = await buildContent(app, tenant.root, { name: 'Clip.mp4', type: ContentType.video });
  const schedule = await buildSchedule(tenant.root);
  const screen = await buildDevice(app, tenant.root, 'Lobby');
  const call = as(app, await loginAs(app, tenant.owner.email));
  return { tenant, image, video, schedule, screen, call };
}

describe('POST player/playbacks', () => {
  it('keeps each UUID once, answers every stored UUID of the batch, and links only own content and schedules', async () => {
    const { tenant, image, schedule, screen } = await buildPlayedTenant();
    const other = await buildTenant(app);
    const foreign = await buildContent(app, other.root);
    const foreignSchedule = await buildSchedule(other.root);
    const first = {
      uuid: randomUUID(),
      content_id: image.id,
      schedule_id: schedule.id,
      started_at: ago(5),
      duration_ms: 10_000,
    };
    const second = {
      uuid: randomUUID(),
      content_id: foreign.id,
      schedule_id: foreignSchedule.id,
      started_at: ago(4),
      duration_ms: 5_000,
    };
    const res = await upload(screen.token, { playbacks: [first, second, first] });
    expect(res.json()).toMatchObject({ code: 220000 });
    expect(new Set(res.json().data.accepted)).toEqual(new Set([first.uuid, second.uuid]));
    // The same batch again (its answer was lost): acknowledged, nothing stored twice.
    const again = await upload(screen.token, { playbacks: [first, second] });
    expect(again.json().data.accepted).toEqual([first.uuid, second.uuid]);
    const rows = await app.db.select().from(playbacks).where(eq(playbacks.deviceId, screen.row.id));
    expect(rows).toHaveLength(2);
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    expect(byUuid.get(first.uuid)).toMatchObject({
      companyId: tenant.company.id,
      workspaceId: tenant.root.id,
      contentId: image.id,
      scheduleId: schedule.id,
      durationMs: 10_000,
    });
    expect(byUuid.get(second.uuid)).toMatchObject({ contentId: null, scheduleId: null });
  });

  it('refuses bad batches, unpaired screens and strangers', async () => {
    const { screen } = await buildPlayedTenant();
    const good = {
      uuid: randomUUID(),
      content_id: null,
      schedule_id: null,
      started_at: ago(1),
      duration_ms: 1,
    };
    for (const bad of [
      { playbacks: [] },
      { playbacks: [{ ...good, uuid: 'not-a-uuid' }] },
      { playbacks: [{ ...good, duration_ms: -1 }] },
      { playbacks: [{ ...good, started_at: 'yesterday' }] },
      { playbacks: Array.from({ length: 501 }, () => ({ ...good, uuid: randomUUID() })) },
    ]) {
      expect((await upload(screen.token, bad)).json().code).toBe(400001);
    }
    const unpaired = await registerPlayer(app);
    expect((await upload(unpaired.token, { playbacks: [good] })).json().code).toBe(403001);
    expect((await upload('x'.repeat(43), { playbacks: [good] })).json().code).toBe(600003);
  });
});

describe('GET statistics/playback-log', () => {
  it('lists the scope’s playbacks newest first with names, filtered by device, content, schedule and period', async () => {
    const { image, video, schedule, screen, call, tenant } = await buildPlayedTenant();
    const hall = await buildDevice(app, tenant.root, 'Hall');
    await upload(screen.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: schedule.id,
          started_at: ago(60),
          duration_ms: 10_000,
        },
        {
          uuid: randomUUID(),
          content_id: video.id,
          schedule_id: null,
          started_at: ago(30),
          duration_ms: 20_000,
        },
        {
          uuid: randomUUID(),
          content_id: null,
          schedule_id: null,
          started_at: ago(60 * 24 * 10),
          duration_ms: 3_000,
        },
      ],
    });
    await upload(hall.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: schedule.id,
          started_at: ago(10),
          duration_ms: 10_000,
        },
      ],
    });
    const log = async (query: Record<string, string | number>) => {
      const res = await call({
        method: 'GET',
        url: '/backend/manager/statistics/playback-log',
        query: query as never,
      });
      return res.json();
    };
    const all = await log({});
    expect(all.data.total).toBe(4);
    expect(all.data.list[0]).toMatchObject({
      device_name: 'Hall',
      content_name: 'Poster.png',
      content_type: ContentType.image,
      schedule_name: 'Morning',
      duration_ms: 10_000,
    });
    expect(all.data.list.map((row: { started_at: string }) => row.started_at)).toEqual(
      [...all.data.list.map((row: { started_at: string }) => row.started_at)].sort().reverse(),
    );
    expect((await log({ device_id: screen.row.id })).data.total).toBe(3);
    expect((await log({ content_id: image.id })).data.total).toBe(2);
    expect((await log({ schedule_id: schedule.id, device_id: hall.row.id })).data.total).toBe(1);
    expect((await log({ days: 7 })).data.total).toBe(3);
    expect((await log({ days: 14 })).data.total).toBe(4);
    expect((await log({ from: ago(45), to: ago(5) })).data.total).toBe(2);
    expect((await log({ sort: 'duration,asc', page_size: 1 })).data.list[0].duration_ms).toBe(3_000);
    // Refusals name the rule.
    for (const bad of [
      { days: 5 },
      { days: 7, from: ago(60) },
      { from: ago(5), to: ago(60) },
      { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: 'monday' },
      { sort: 'device,asc' },
    ] as Record<string, string | number>[]) {
      expect((await log(bad)).code).toBe(400001);
    }
    expect(
      (
        await call({
          method: 'GET',
          url: '/backend/manager/statistics/playback-log',
          query: { days: '5' },
          headers: { 'accept-language': 'de' },
        })
      ).json().msg,
    ).toContain('Wählen Sie die letzten 7, 14 oder 30 Tage');
  });

  it('shows another company nothing and a member only its workspace subtree', async () => {
    const { tenant, screen, image } = await buildPlayedTenant();
    const branch = await buildWorkspace(app, tenant.company.id, tenant.root.id, 'Branch');
    const branchScreen = await buildDevice(app, branch, 'Branch screen');
    await upload(screen.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: null,
          started_at: ago(3),
          duration_ms: 1_000,
        },
      ],
    });
    await upload(branchScreen.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: null,
          started_at: ago(2),
          duration_ms: 1_000,
        },
      ],
    });
    const member = await buildMember(app, branch, Role.userAdmin);
    const memberCall = as(app, await loginAs(app, member.email));
    const seen = (
      await memberCall({ method: 'GET', url: '/backend/manager/statistics/playback-log' })
    ).json();
    expect(seen.data.list.map((row: { device_name: string }) => row.device_name)).toEqual(['Branch screen']);
    const stranger = await buildTenant(app);
    const strangerCall = as(app, await loginAs(app, stranger.owner.email));
    const none = await strangerCall({
      method: 'GET',
      url: '/backend/manager/statistics/playback-log',
      query: { device_id: String(screen.row.id) },
    });
    expect(none.json().data).toEqual({ list: [], total: 0 });
  });
});

describe('GET statistics/playback-log/summary', () => {
  it('totals plays and time, ranks contents or devices, and counts plays per day in a timezone', async () => {
    const { image, video, screen, call, tenant } = await buildPlayedTenant();
    const hall = await buildDevice(app, tenant.root, 'Hall');
    const at = (iso: string) => ({ started_at: iso });
    await upload(screen.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: null,
          duration_ms: 10_000,
          ...at('2026-11-20T23:30:00Z'),
        },
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: null,
          duration_ms: 10_000,
          ...at('2026-11-21T08:00:00Z'),
        },
        {
          uuid: randomUUID(),
          content_id: video.id,
          schedule_id: null,
          duration_ms: 30_000,
          ...at('2026-11-21T09:00:00Z'),
        },
      ],
    });
    await upload(hall.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: null,
          duration_ms: 10_000,
          ...at('2026-11-21T10:00:00Z'),
        },
      ],
    });
    const range = { from: '2026-11-20T00:00:00Z', to: '2026-11-22T00:00:00Z' };
    const byContent = (
      await call({
        method: 'GET',
        url: '/backend/manager/statistics/playback-log/summary',
        query: { ...range, tz: 'Asia/Tokyo' },
      })
    ).json().data;
    expect(byContent).toMatchObject({ plays: 4, duration_ms: 60_000, devices: 2, contents: 2 });
    expect(byContent.top[0]).toMatchObject({
      id: image.id,
      name: 'Poster.png',
      plays: 3,
      duration_ms: 30_000,
    });
    // In Tokyo 23:30 UTC is the next morning: all four fall on the 21st.
    expect(byContent.days).toEqual([{ date: '2026-11-21', plays: 4, duration_ms: 60_000 }]);
    const byDevice = (
      await call({
        method: 'GET',
        url: '/backend/manager/statistics/playback-log/summary',
        query: { ...range, group: 'device' },
      })
    ).json().data;
    expect(byDevice.top.map((row: { name: string; plays: number }) => [row.name, row.plays])).toEqual([
      ['Lobby', 3],
      ['Hall', 1],
    ]);
    expect(byDevice.days.map((row: { date: string }) => row.date)).toEqual(['2026-11-20', '2026-11-21']);
  });
});

describe('statistics/export', () => {
  const waitDone = () => app.jobs.runDue();

  it('writes a CSV with a BOM and headers in the requester’s language, with progress, for download', async () => {
    const { image, schedule, screen, call } = await buildPlayedTenant();
    await upload(screen.token, {
      playbacks: [
        {
          uuid: randomUUID(),
          content_id: image.id,
          schedule_id: schedule.id,
          started_at: '2026-11-21T08:00:00Z',
          duration_ms: 12_500,
        },
        {
          uuid: randomUUID(),
          content_id: null,
          schedule_id: null,
          started_at: '2026-11-21T09:00:00Z',
          duration_ms: 4_000,
        },
      ],
    });
    const created = await call({
      method: 'POST',
      url: '/backend/manager/statistics/export',
      headers: { 'accept-language': 'de' },
      payload: { format: 'csv', device_id: screen.row.id, from: '2026-11-01T00:00:00Z', tz: 'Europe/Berlin' },
    });
    expect(created.json()).toMatchObject({
      code: 220000,
      data: {
        state: 'queued',
        progress: 0,
        format: 'csv',
        filters: { device_id: screen.row.id },
        filter_names: { device: 'Lobby' },
      },
    });
    const { id, file_name } = created.json().data;
    expect(file_name).toMatch(/^wiedergabeprotokoll-\d{8}-\d{4}\.csv$/);
    // Not ready yet: no file to download.
    expect(
      (await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}/download` })).json().code,
    ).toBe(409005);
    await waitDone();
    const done = (await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}` })).json().data;
    expect(done).toMatchObject({ state: 'done', progress: 100, row_count: 2 });
    expect(done.size).toBeGreaterThan(0);
    const list = (await call({ method: 'GET', url: '/backend/manager/statistics/export' })).json().data;
    expect(list.list.map((row: { id: number }) => row.id)).toEqual([id]);

    const file = await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}/download` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${file_name}"; filename*=UTF-8''${file_name}`,
    );
    const text = file.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Startzeit,Gerät,Inhalt,Inhaltstyp,Zeitplan,Dauer (Sekunden)',
      '2026-11-21 09:00:00,Lobby,Poster.png,Bild,Morning,12.5',
      '2026-11-21 10:00:00,Lobby,Integriertes Element,,Standardinhalt,4',
    ]);
  });

  it('writes XLSX, keeps exports to their requester, and deletes the file with the export', async () => {
    const { image, screen, call, tenant } = await buildPlayedTenant();
    await upload(screen.token, {
      playbacks: Array.from({ length: 30 }, (_, i) => ({
        uuid: randomUUID(),
        content_id: image.id,
        schedule_id: null,
        started_at: ago(100 - i),
        duration_ms: 1_000 * (i + 1),
      })),
    });
    const created = (
      await call({
        method: 'POST',
        url: '/backend/manager/statistics/export',
        payload: { format: 'xlsx', days: 7 },
      })
    ).json();
    expect(created.code).toBe(220000);
    const { id } = created.data;
    await waitDone();
    const file = await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}/download` });
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(31);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Start time',
      'Device',
      'Content',
      'Content type',
      'Schedule',
      'Duration (seconds)',
    ]);
    expect(sheet.getRow(2).getCell(3).value).toBe('Poster.png');
    expect(sheet.getRow(31).getCell(6).value).toBe(30);

    // Another member of the same company sees none of it.
    const member = await buildMember(app, tenant.root, Role.userAdmin);
    const memberCall = as(app, await loginAs(app, member.email));
    expect(
      (await memberCall({ method: 'GET', url: '/backend/manager/statistics/export' })).json().data.total,
    ).toBe(0);
    for (const [method, url] of [
      ['GET', `/backend/manager/statistics/export/${id}`],
      ['GET', `/backend/manager/statistics/export/${id}/download`],
      ['DELETE', `/backend/manager/statistics/export/${id}`],
    ] as const) {
      expect((await memberCall({ method, url })).json().code).toBe(404001);
    }

    const path = `${exportsDir(app.config.dataDir)}/${id}.xlsx`;
    expect(fs.existsSync(path)).toBe(true);
    expect(
      (await call({ method: 'DELETE', url: `/backend/manager/statistics/export/${id}` })).json().code,
    ).toBe(220000);
    expect(fs.existsSync(path)).toBe(false);
    expect(await app.db.select().from(statisticsExports).where(eq(statisticsExports.id, id))).toEqual([]);
  });

  it('pages through more rows than one batch, recording progress on the way', async () => {
    const { screen, image, call, tenant } = await buildPlayedTenant();
    const count = EXPORT_BATCH * 2 + 17;
    const base = Date.parse('2026-11-01T00:00:00Z');
    // Several playbacks share a start time, so the paging must also order by UUID.
    await app.db.insert(playbacks).values(
      Array.from({ length: count }, (_, i) => ({
        uuid: randomUUID(),
        companyId: tenant.company.id,
        workspaceId: tenant.root.id,
        deviceId: screen.row.id,
        contentId: image.id,
        startedAt: new Date(base + Math.floor(i / 3) * 1000),
        durationMs: 1000,
      })),
    );
    const { id } = (
      await call({ method: 'POST', url: '/backend/manager/statistics/export', payload: { format: 'csv' } })
    ).json().data;
    const seen: number[] = [];
    const watch = setInterval(() => {
      void app.db
        .select({ progress: statisticsExports.progress })
        .from(statisticsExports)
        .where(eq(statisticsExports.id, id))
        .then(([row]) => row && seen.push(row.progress));
    }, 5);
    await waitDone();
    clearInterval(watch);
    const done = (await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}` })).json().data;
    expect(done).toMatchObject({ state: 'done', progress: 100, row_count: count });
    const text = fs.readFileSync(`${exportsDir(app.config.dataDir)}/${id}.csv`, 'utf8');
    expect(text.trimEnd().split('\r\n')).toHaveLength(count + 1);
    expect(seen.every((value, i) => i === 0 || value >= seen[i - 1])).toBe(true);
  });

  it('keeps a user’s exports for 30 days: a new request removes older ones with their files', async () => {
    const { call } = await buildPlayedTenant();
    const { id: old } = (
      await call({ method: 'POST', url: '/backend/manager/statistics/export', payload: { format: 'csv' } })
    ).json().data;
    await waitDone();
    const file = `${exportsDir(app.config.dataDir)}/${old}.csv`;
    expect(fs.existsSync(file)).toBe(true);
    await app.db
      .update(statisticsExports)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(statisticsExports.id, old));
    const { id: fresh } = (
      await call({ method: 'POST', url: '/backend/manager/statistics/export', payload: { format: 'csv' } })
    ).json().data;
    const list = (await call({ method: 'GET', url: '/backend/manager/statistics/export' })).json().data;
    expect(list.list.map((row: { id: number }) => row.id)).toEqual([fresh]);
    expect(fs.existsSync(file)).toBe(false);
    await waitDone();
  });

  it('refuses a bad request and an export deleted before its job runs leaves nothing behind', async () => {
    const { call } = await buildPlayedTenant();
    for (const bad of [
      {},
      { format: 'pdf' },
      { format: 'csv', days: 3 },
      { format: 'csv', tz: 'Mars/Olympus' },
    ]) {
      expect(
        (await call({ method: 'POST', url: '/backend/manager/statistics/export', payload: bad })).json().code,
      ).toBe(400001);
    }
    const { id } = (
      await call({ method: 'POST', url: '/backend/manager/statistics/export', payload: { format: 'csv' } })
    ).json().data;
    await call({ method: 'DELETE', url: `/backend/manager/statistics/export/${id}` });
    await waitDone();
    expect(fs.existsSync(`${exportsDir(app.config.dataDir)}/${id}.csv`)).toBe(false);
  });
});

describe('statistics/export on the object store', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    ({ first, second } = await buildStoreInstances());
  });

  it('stores the file in the store: another process (its own DATA_DIR) downloads it, a delete removes it', async () => {
    const tenant = await buildTenant(first);
    const screen = await buildDevice(first, tenant.root, 'Lobby');
    const token = await loginAs(first, tenant.owner.email);
    await first.db.insert(playbacks).values({
      uuid: randomUUID(),
      companyId: tenant.company.id,
      workspaceId: tenant.root.id,
      deviceId: screen.row.id,
      startedAt: new Date('2026-11-21T08:00:00Z'),
      durationMs: 2000,
    });
    const created = await as(
      first,
      token,
    )({
      method: 'POST',
      url: '/backend/manager/statistics/export',
      payload: { format: 'csv' },
    });
    const { id } = created.json().data;
    await first.jobs.runDue();
    const call = as(second, token);
    const file = await call({ method: 'GET', url: `/backend/manager/statistics/export/${id}/download` });
    expect(file.statusCode).toBe(200);
    expect(file.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(await first.storage.exists(`exports/${id}.csv`)).toBe(true);
    expect(fs.existsSync(path.join(exportsDir(first.config.dataDir), `${id}.csv`))).toBe(false);
    await call({ method: 'DELETE', url: `/backend/manager/statistics/export/${id}` });
    expect(await first.storage.exists(`exports/${id}.csv`)).toBe(false);
  });
});

describe('statistics/export filters of another company', () => {
  it('refuses another company’s device, content and schedule, and never names them', async () => {
    const a = await buildPlayedTenant();
    const b = await buildPlayedTenant();
    const member = await buildMember(
      app,
      await buildWorkspace(app, b.tenant.company.id, b.tenant.root.id),
      Role.user,
    );
    const memberCall = as(app, await loginAs(app, member.email));
    const export_ = '/backend/manager/statistics/export';
    const count = async () => (await app.db.select().from(statisticsExports)).length;
    for (const [caller, filter] of [
      [b.call, { device_id: a.screen.row.id }],
      [b.call, { content_id: a.image.id }],
      [b.call, { schedule_id: a.schedule.id }],
      // A member of B does not reach B's root workspace either.
      [memberCall, { device_id: b.screen.row.id }],
    ] as const) {
      const before = await count();
      const response = await caller({ method: 'POST', url: export_, payload: { format: 'csv', ...filter } });
      expect(response.json(), JSON.stringify(filter)).toMatchObject({ code: 404001, data: null });
      expect(response.body).not.toContain('Lobby');
      expect(await count()).toBe(before);
    }
    // An export kept from before the check still names nothing of another company.
    const [stale] = await app.db
      .insert(statisticsExports)
      .values({
        userId: b.tenant.owner.id,
        companyId: b.tenant.company.id,
        format: 'csv',
        filters: {
          device_id: a.screen.row.id,
          content_id: a.image.id,
          schedule_id: a.schedule.id,
          scope: { companyIds: [b.tenant.company.id], workspaceIds: null },
        },
        language: 'en',
        fileName: 'stale.csv',
      })
      .returning();
    const none = { device: null, content: null, schedule: null };
    const detail = await b.call({ method: 'GET', url: `${export_}/${stale.id}` });
    expect(detail.json().data.filter_names).toEqual(none);
    const list = await b.call({ method: 'GET', url: export_ });
    expect(list.json().data.list.find((row: { id: number }) => row.id === stale.id).filter_names).toEqual(
      none,
    );
    // Its own rows it names.
    const own = await b.call({
      method: 'POST',
      url: export_,
      payload: {
        format: 'csv',
        device_id: b.screen.row.id,
        content_id: b.image.id,
        schedule_id: b.schedule.id,
      },
    });
    expect(own.json().data.filter_names).toEqual({
      device: 'Lobby',
      content: 'Poster.png',
      schedule: 'Morning',
    });
  });
});

describe('GET statistics/choices', () => {
  it('offers the scope’s devices, contents and schedules by name', async () => {
    const { call, screen, image, schedule } = await buildPlayedTenant();
    const choose = async (query: Record<string, string>) =>
      (await call({ method: 'GET', url: '/backend/manager/statistics/choices', query })).json().data.list;
    expect(await choose({ kind: 'device' })).toEqual([
      { id: screen.row.id, name: 'Lobby', content_type: null },
    ]);
    expect((await choose({ kind: 'content', keyword: 'post' })).map((row: { id: number }) => row.id)).toEqual(
      [image.id],
    );
    expect((await choose({ kind: 'schedule' })).map((row: { id: number }) => row.id)).toEqual([schedule.id]);
    expect(
      (await choose({ kind: 'content', keyword: 'zzz', id: String(image.id) })).map(
        (row: { id: number }) => row.id,
      ),
    ).toEqual([image.id]);
    // Another company's caller finds none of them, not even by id.
    const stranger = await buildTenant(app);
    const strangerCall = as(app, await loginAs(app, stranger.owner.email));
    for (const [kind, id] of [
      ['device', screen.row.id],
      ['content', image.id],
      ['schedule', schedule.id],
    ] as const) {
      const found = await strangerCall({
        method: 'GET',
        url: '/backend/manager/statistics/choices',
        query: { kind, id: String(id), keyword: 'o' },
      });
      expect(found.json().data.list).toEqual([]);
    }
  });
});
