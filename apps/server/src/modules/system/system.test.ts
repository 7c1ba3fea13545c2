import { randomBytes } from 'node:crypto';
import {
  ResultCode,
  Role,
  type ServerProcess,
  type SystemSettingsRequest,
  translate,
} from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringJobs, serverProcesses, settings, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { mailsTo } from '../../test/mailbox';
import { buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});
beforeEach(async () => {
  await app.db.delete(settings);
  await app.systemSettings.reload();
});

const SERVERS = '/backend/manager/sys/server';
const SETTINGS = '/backend/manager/sys/setting/system';
const unique = () => randomBytes(4).toString('hex');
const DEFAULTS: SystemSettingsRequest = {
  public_url: null,
  default_language: 'en',
  default_timezone: 'UTC',
  schedule_confirm: true,
  registration_open: true,
};

async function save(changes: Partial<SystemSettingsRequest>) {
  const response = await system({ method: 'POST', url: SETTINGS, payload: { ...DEFAULTS, ...changes } });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
}

const servers = async (): Promise<ServerProcess[]> => {
  const response = await system({ method: 'GET', url: SERVERS });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data.list;
};

describe('servers', () => {
  it('lists this process from its start: version, database, jobs, and running', async () => {
    const [row] = await servers();
    expect(row).toMatchObject({
      id: app.jobs.worker,
      database: app.database.kind,
      status: 'running',
      stopped_at: null,
      current: true,
      runs_jobs: false,
      players: 0,
    });
    expect(row.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(row.address).toMatch(/:\d+$/);
    expect(row.job_types).toEqual(expect.arrayContaining(['mail']));
  });

  it('heartbeats: the time moves on and the recurring jobs it last ran are listed', async () => {
    await app.db
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now() - interval '10 seconds'` })
      .where(eq(serverProcesses.id, app.jobs.worker));
    const before = (await servers()).find((row) => row.current);
    await app.db.insert(recurringJobs).values({
      name: `sweep-${unique()}`,
      nextRunAt: new Date(),
      lastRunAt: new Date(),
      lastRunBy: app.jobs.worker,
    });
    await app.serverProcess.beat();
    const after = (await servers()).find((row) => row.current);
    expect(Date.parse(after?.heartbeat_at ?? '')).toBeGreaterThan(Date.parse(before?.heartbeat_at ?? ''));
    expect(after?.recurring_jobs.map((run) => run.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^sweep-/)]),
    );
  });

  it('shows a process silent for three heartbeats as not answering, a stopped one as stopped, and prunes old ones', async () => {
    const base = {
      address: 'other:8080',
      version: '1.0.0',
      database: 'postgres',
      heartbeatMs: 15_000,
      runsJobs: true,
      jobTypes: [],
    };
    await app.db.insert(serverProcesses).values([
      { ...base, id: `silent-${unique()}`, heartbeatAt: sql`now() - interval '46 seconds'` },
      { ...base, id: `alive-${unique()}`, heartbeatAt: sql`now() - interval '20 seconds'` },
      { ...base, id: `stopped-${unique()}`, stoppedAt: sql`now() - interval '1 hour'` },
      { ...base, id: `gone-${unique()}`, stoppedAt: sql`now() - interval '25 hours'` },
    ]);
    await app.serverProcess.beat(); // prunes
    const rows = await servers();
    const statusOf = (prefix: string) => rows.find((row) => row.id.startsWith(prefix))?.status;
    expect(statusOf('silent-')).toBe('not_answering');
    expect(statusOf('alive-')).toBe('running');
    expect(statusOf('stopped-')).toBe('stopped');
    expect(statusOf('gone-')).toBeUndefined();
    await app.db.delete(serverProcesses).where(sql`${serverProcesses.id} <> ${app.jobs.worker}`);
  });

  it('marks its row stopped on a clean shutdown', async () => {
    const other = await buildTestApp();
    const id = other.jobs.worker;
    await other.close();
    const [row] = await other.db.select().from(serverProcesses).where(eq(serverProcesses.id, id));
    expect(row.stoppedAt).not.toBeNull();
  });

  it('is for setting:sys:list holders only', async () => {
    const operator = (await loggedIn(app, { role: Role.systemOperator })).call;
    expect((await operator({ method: 'GET', url: SERVERS })).json().code).toBe(ResultCode.success);
    for (const role of [Role.customer, Role.owner, Role.userAdmin, Role.user]) {
      const { call } = await loggedIn(app, { role });
      expect((await call({ method: 'GET', url: SERVERS })).json().code).toBe(ResultCode.permission);
    }
  });
});

describe('system settings', () => {
  it('answer the defaults, with the server’s own address', async () => {
    const response = await system({ method: 'GET', url: SETTINGS });
    expect(response.json().data).toEqual({ ...DEFAULTS, configured_public_url: 'http://vitrine.test' });
  });

  it('are saved, normalised, and read back', async () => {
    const data = await save({
      public_url: 'HTTPS://Signage.Example.com:8443/',
      default_timezone: 'europe/berlin',
    });
    expect(data).toMatchObject({
      public_url: 'https://signage.example.com:8443',
      default_timezone: 'Europe/Berlin',
    });
    expect((await system({ method: 'GET', url: SETTINGS })).json().data).toMatchObject(data);
  });

  it.each([
    ['a path', { public_url: 'https://example.com/console' }, 'validation.publicUrl'],
    ['a query', { public_url: 'https://example.com?x=1' }, 'validation.publicUrl'],
    ['credentials', { public_url: 'https://me:pw@example.com' }, 'validation.publicUrl'],
    ['another scheme', { public_url: 'ftp://example.com' }, 'validation.publicUrl'],
    ['a relative address', { public_url: 'example.com' }, 'validation.publicUrl'],
    ['an unknown language', { default_language: 'xx' }, 'validation.language'],
    ['an unknown time zone', { default_timezone: 'Mars/Olympus' }, 'validation.timezone'],
    ['a flag that is no boolean', { registration_open: 'no' }, 'validation.boolean'],
  ])('refuse %s with a clear message and change nothing', async (_case, changes, key) => {
    const response = await system({ method: 'POST', url: SETTINGS, payload: { ...DEFAULTS, ...changes } });
    expect(response.json().code).toBe(ResultCode.validation);
    expect(response.json().msg).toContain(translate('en', key));
    expect(await app.db.select().from(settings)).toEqual([]);
  });

  it('may be read by the system operator but changed by the system role only', async () => {
    const operator = (await loggedIn(app, { role: Role.systemOperator })).call;
    expect((await operator({ method: 'GET', url: SETTINGS })).json().code).toBe(ResultCode.success);
    const refused = await operator({
      method: 'POST',
      url: SETTINGS,
      payload: { ...DEFAULTS, registration_open: false },
    });
    expect(refused.json().code).toBe(ResultCode.permission);
    for (const role of [Role.customer, Role.owner, Role.userAdmin, Role.user]) {
      const { call } = await loggedIn(app, { role });
      expect((await call({ method: 'GET', url: SETTINGS })).json().code).toBe(ResultCode.permission);
      const write = await call({ method: 'POST', url: SETTINGS, payload: DEFAULTS });
      expect(write.json().code).toBe(ResultCode.permission);
    }
    expect(await app.db.select().from(settings)).toEqual([]);
    expect(app.systemSettings.current.registration_open).toBe(true);
  });

  it('reach a process that did not save them through the bus', async () => {
    // Written behind this process's back, then announced as another process would.
    await app.db
      .insert(settings)
      .values({ scope: 'system', scopeId: 0, key: 'registration_open', value: false });
    await app.bus.publish({ type: 'system-settings-changed' });
    await expect.poll(() => app.systemSettings.current.registration_open).toBe(false);
  });
});

describe('the settings take effect at once', () => {
  const registration = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/backend/account/register',
      payload: {
        email,
        username: 'Rita',
        company_name: `Reg ${unique()}`,
        password: 'Secret-pass1',
        confirm_password: 'Secret-pass1',
        accept_terms: true,
      },
      headers: { 'accept-language': 'de' },
    });

  it('closed registration: refused with a clear message, nothing created, and the login page knows', async () => {
    const state = () => app.inject({ method: 'GET', url: '/backend/account/register' });
    expect((await state()).json()).toMatchObject({ code: ResultCode.success, data: { open: true } });
    await save({ registration_open: false });
    expect((await state()).json().data).toEqual({ open: false });
    const email = `reg-${unique()}@example.com`;
    const refused = await registration(email);
    expect(refused.json()).toMatchObject({
      code: ResultCode.permission,
      msg: translate('de', 'system.registrationClosed'),
    });
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    await save({ registration_open: true });
    expect((await registration(email)).json().code).toBe(ResultCode.success);
  });

  it('a registrant without a known time zone gets the default one', async () => {
    await save({ default_timezone: 'Asia/Tokyo' });
    const email = `reg-${unique()}@example.com`;
    expect((await registration(email)).json().code).toBe(ResultCode.success);
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ timezone: 'Asia/Tokyo', language: 'de' });
  });

  it('mail links use the public address', async () => {
    await save({ public_url: 'https://screens.example.org' });
    const { user } = await loggedIn(app);
    await app.inject({ method: 'POST', url: '/backend/account/forget-pwd', payload: { email: user.email } });
    const [mail] = await mailsTo(app, user.email);
    expect(mail.text).toContain('https://screens.example.org/forget?code=');
    expect(mail.text).not.toContain('http://vitrine.test');
  });

  it('an unpaired player shows the public address for its pairing QR code', async () => {
    const { state, token } = await registerPlayer(app);
    expect(state.console_url).toBe('http://vitrine.test');
    await save({ public_url: 'https://screens.example.org' });
    const again = await app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token } });
    expect(again.json().data.console_url).toBe('https://screens.example.org');
    const poll = await app.inject({
      method: 'GET',
      url: '/backend/player/poll',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(poll.json().data.state.console_url).toBe('https://screens.example.org');
  });

  it('a new company’s owner gets the default language and time zone, its members the time zone', async () => {
    await save({ default_language: 'fr', default_timezone: 'Europe/Paris' });
    const ownerEmail = `owner-${unique()}@example.com`;
    const created = await system({
      method: 'POST',
      url: '/backend/manager/account/group',
      payload: { company_name: `Co ${unique()}`, owner_email: ownerEmail, owner_username: 'Odile' },
    });
    expect(created.json().code, created.body).toBe(ResultCode.success);
    const [owner] = await app.db.select().from(users).where(eq(users.email, ownerEmail));
    expect(owner).toMatchObject({ language: 'fr', timezone: 'Europe/Paris' });

    const t = await buildTenant(app);
    const memberEmail = `member-${unique()}@example.com`;
    const added = await (await callAs(app, t.owner))({
      method: 'POST',
      url: '/backend/manager/account/user',
      payload: { email: memberEmail, username: 'Max', role_id: Role.user, group_id: t.root.id },
    });
    expect(added.json().code, added.body).toBe(ResultCode.success);
    const [member] = await app.db.select().from(users).where(eq(users.email, memberEmail));
    expect(member.timezone).toBe('Europe/Paris');
  });

  it('new schedules follow the approval default, and a company’s own choice still wins', async () => {
    const t = await buildTenant(app);
    const call = await callAs(app, t.owner);
    const screen = await buildDevice(app, t.root, 'Lobby');
    const image = await buildContent(app, t.root, {
      name: 'P.png',
      mime: 'image/png',
      width: 1920,
      height: 1080,
    });
    const submit = async () => {
      const response = await call({
        method: 'POST',
        url: '/backend/manager/schedule',
        payload: {
          name: `S ${unique()}`,
          type: 'standard',
          device_ids: [screen.row.id],
          items: [{ content_id: image.id, duration: 5 }],
          start_date: '2026-01-01',
          end_date: '2099-12-31',
          frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
          submit: true,
        },
      });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      return response.json().data.state;
    };
    expect(await submit()).toBe('pending');
    await save({ schedule_confirm: false });
    expect(await submit()).not.toBe('pending');
    const config = await call({ method: 'GET', url: '/backend/manager/sys/config/mine' });
    expect(config.json().data.schedule_config).toEqual({ need_confirm: false });
    await call({ method: 'POST', url: '/backend/manager/schedule/config', payload: { need_confirm: true } });
    expect(await submit()).toBe('pending');
  });
});
