import { TIME_FREQUENCIES, translate } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorReports, settings, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { type as, loggedIn } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

type Caller = ReturnType<typeof as>;
const BASE = '/backend/manager/sys';

const data = async (call: Caller, options: InjectOptions) => {
  const response = await call(options);
  const body = response.json();
  expect(body.code, response.body).toBe(220000);
  return body.data;
};

/** Expects a 400001 naming `field` with the message of `key` in `lang`. */
const refused = async (call: Caller, options: InjectOptions, field: string, key: string, lang = 'en') => {
  const response = await call({ ...options, headers: { 'accept-language': lang } });
  const body = response.json();
  expect(body.code, response.body).toBe(400001);
  expect(body.data.errors).toContainEqual({ field, message: translate(lang as 'en', key) });
};

const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

describe('guide', () => {
  it('reads, saves and resets the tour progress', async () => {
    const { user, call } = await loggedIn(app);
    const none = { device: false, content: false, schedule: false };
    expect(await data(call, { method: 'GET', url: `${BASE}/guide` })).toEqual({
      user_guide: { value: none },
    });

    const progress = { device: true, content: true, schedule: false };
    expect(
      await data(call, { method: 'POST', url: `${BASE}/guide`, payload: { user_guide: progress } }),
    ).toEqual({
      user_guide: { value: progress },
    });
    expect(await data(call, { method: 'GET', url: `${BASE}/guide` })).toEqual({
      user_guide: { value: progress },
    });

    await refused(
      call,
      { method: 'POST', url: `${BASE}/guide`, payload: { user_guide: { device: 'yes' } } },
      'user_guide.device',
      'validation.invalid',
    );
    expect((await userRow(user.id)).userGuide).toEqual(progress);

    await data(call, { method: 'POST', url: `${BASE}/guide`, payload: { user_guide: none } });
    expect((await userRow(user.id)).userGuide).toEqual(none);
  });
});

describe('language and formats', () => {
  it('saves the language and refuses an unsupported one', async () => {
    const { user, call } = await loggedIn(app);
    expect(
      await data(call, { method: 'POST', url: `${BASE}/language`, payload: { language: 'zh-TW' } }),
    ).toEqual({
      language: 'zh-TW',
    });
    await refused(
      call,
      { method: 'POST', url: `${BASE}/language`, payload: { language: 'xx' } },
      'language',
      'validation.language',
      'fr',
    );
    expect((await userRow(user.id)).language).toBe('zh-TW');
  });

  it('reads and saves the time zone, in its canonical spelling', async () => {
    const { user, call } = await loggedIn(app);
    const read = await data(call, { method: 'GET', url: `${BASE}/timezone` });
    expect(read.value).toBe('UTC');
    expect(read.options[0]).toBe('UTC');
    expect(read.options).toContain('Europe/Berlin');

    expect(
      await data(call, { method: 'POST', url: `${BASE}/timezone`, payload: { timezone: 'europe/berlin' } }),
    ).toEqual({
      value: 'Europe/Berlin',
    });
    for (const timezone of ['Mars/Olympus_Mons', '', 'x'.repeat(65)]) {
      await refused(
        call,
        { method: 'POST', url: `${BASE}/timezone`, payload: { timezone } },
        'timezone',
        'validation.timezone',
        'ar',
      );
    }
    expect((await userRow(user.id)).timezone).toBe('Europe/Berlin');
    expect((await data(call, { method: 'GET', url: `${BASE}/timezone` })).value).toBe('Europe/Berlin');
  });

  it('reads and saves the time and date formats', async () => {
    const { user, call } = await loggedIn(app);
    expect(await data(call, { method: 'GET', url: `${BASE}/time/format` })).toEqual({
      value: 'HH:mm',
      options: ['HH:mm', 'hh:mm A', 'HH:mm:ss', 'hh:mm:ss A'],
    });
    expect((await data(call, { method: 'GET', url: `${BASE}/date/format` })).value).toBe('MM-DD-YYYY');

    expect(
      await data(call, { method: 'POST', url: `${BASE}/time/format`, payload: { time_format: 'hh:mm A' } }),
    ).toEqual({
      value: 'hh:mm A',
    });
    expect(
      await data(call, {
        method: 'POST',
        url: `${BASE}/date/format`,
        payload: { date_format: 'YYYY-MM-DD' },
      }),
    ).toEqual({
      value: 'YYYY-MM-DD',
    });
    await refused(
      call,
      { method: 'POST', url: `${BASE}/time/format`, payload: { time_format: 'h' } },
      'time_format',
      'validation.format',
    );
    await refused(
      call,
      { method: 'POST', url: `${BASE}/date/format`, payload: { date_format: 'DD.MM.YYYY' } },
      'date_format',
      'validation.format',
    );
    expect(await userRow(user.id)).toMatchObject({ timeFormat: 'hh:mm A', dateFormat: 'YYYY-MM-DD' });
  });

  it('names the weekdays in the caller language, from the first day of the week', async () => {
    const { user, call } = await loggedIn(app);
    const german = await data(call, {
      method: 'GET',
      url: `${BASE}/week`,
      headers: { 'accept-language': 'de' },
    });
    expect(german.week_start).toBe('monday');
    expect(german.list.map((day: { value: number }) => day.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(german.list[0].name).toBe('Montag');
    expect(german.list[6].name).toBe('Sonntag');

    await app.db.update(users).set({ weekStart: 'sunday' }).where(eq(users.id, user.id));
    const english = await data(call, { method: 'GET', url: `${BASE}/week` });
    expect(english.list.map((day: { value: number }) => day.value)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(english.list[0]).toEqual({ value: 7, name: 'Sunday' });
  });

  it('lists the time frequencies with localized names', async () => {
    const { call } = await loggedIn(app);
    const english = await data(call, { method: 'GET', url: `${BASE}/time-frequency` });
    expect(english.list.map((item: { value: number }) => item.value)).toEqual([...TIME_FREQUENCIES]);
    expect(english.list[1]).toEqual({ value: 15, name: 'Every 15 minutes' });
    const german = await data(call, {
      method: 'GET',
      url: `${BASE}/time-frequency`,
      headers: { 'accept-language': 'de-DE' },
    });
    expect(german.list[1].name).toBe('Alle 15 Minuten');
  });
});

describe('feature highlights and the off-site login alarm', () => {
  it('marks each feature seen once, per user', async () => {
    const { call } = await loggedIn(app);
    const other = await loggedIn(app);
    const url = `${BASE}/feature-high-light`;
    expect(await data(call, { method: 'GET', url })).toEqual({ list: [] });
    await data(call, { method: 'POST', url, payload: { feature_name: 'video-wall' } });
    await data(call, { method: 'POST', url, payload: { feature_name: 'video-wall' } });
    expect(await data(call, { method: 'POST', url, payload: { feature_name: 'sensors' } })).toEqual({
      list: ['video-wall', 'sensors'],
    });
    expect(await data(other.call, { method: 'GET', url })).toEqual({ list: [] });

    await refused(
      call,
      { method: 'POST', url, payload: { feature_name: 'x'.repeat(65) } },
      'feature_name',
      'validation.name.max',
    );
    await refused(
      call,
      { method: 'POST', url, payload: { feature_name: '  ' } },
      'feature_name',
      'validation.name.required',
    );
    expect(await data(call, { method: 'GET', url })).toEqual({ list: ['video-wall', 'sensors'] });
  });

  it('switches the off-site login alarm', async () => {
    const { user, call } = await loggedIn(app);
    const url = `${BASE}/off-site-login-alarm`;
    expect(await data(call, { method: 'POST', url, payload: { user_off_site_login_alarm: true } })).toEqual({
      user_off_site_login_alarm: true,
    });
    await refused(
      call,
      { method: 'POST', url, payload: { user_off_site_login_alarm: 'no' } },
      'user_off_site_login_alarm',
      'validation.boolean',
    );
    expect((await userRow(user.id)).offSiteLoginAlarm).toBe(true);
  });
});

describe('POST /manager/error-report', () => {
  const url = '/backend/manager/error-report';
  const record = {
    uid: 'u-1',
    url: '/backend/manager/device',
    method: 'get',
    code: 500001,
    msg: 'boom',
    tz: 'Europe/Paris',
    time: '2025-01-02 10:00:00',
  };
  const stored = (uid: string) => app.db.select().from(errorReports).where(eq(errorReports.uid, uid));
  // Each test reports from its own address, so the rate limit of one does not touch the others.

  it('stores a batch before login, without a user', async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.1',
      payload: [record, { ...record, uid: 'u-2' }],
    });
    expect(response.json()).toMatchObject({ code: 220000, data: { saved: 2 } });
    const [row] = await stored('u-1');
    expect(row).toMatchObject({
      userId: null,
      url: '/backend/manager/device',
      method: 'GET',
      code: 500001,
      msg: 'boom',
    });
  });

  it('stores the batch the console sends after a failed login (no user yet, as its queue holds it)', async () => {
    // The console's ErrorRecord as http.ts fills it: uid null before login, the masked body as text.
    const failedLogin = {
      uid: null,
      url: '/backend/account/login',
      method: 'POST',
      qs: '',
      body: '{"email":"nobody@example.com","password":"***"}',
      code: 400014,
      msg: 'Wrong email or password',
      tz: 'Europe/Paris',
      time: '2026-11-28T05:30:00.000Z',
    };
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.5',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([failedLogin, { ...failedLogin, code: 0, msg: 'Network error', qs: 'a=1' }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 220000, data: { saved: 2 } });
    const rows = await app.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.url, '/backend/account/login'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      userId: null,
      uid: null,
      method: 'POST',
      code: 400014,
      tz: 'Europe/Paris',
    });
  });

  it('records the user of a valid token, ignores an invalid one, and cuts long values', async () => {
    const { user, token } = await loggedIn(app);
    const long = {
      ...record,
      uid: 'u-long',
      url: `/${'a'.repeat(2000)}`,
      body: { password: 'x', list: 'y'.repeat(5000) },
      qs: 'q=1',
      code: 'ECONNABORTED',
    };
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.2',
      headers: { authorization: `Bearer ${token}` },
      payload: [long],
    });
    expect(response.json().code).toBe(220000);
    const [row] = await stored('u-long');
    expect(row.userId).toBe(user.id);
    expect(row.url).toHaveLength(1024);
    expect(row.body).toHaveLength(4096);
    expect(row.body?.startsWith('{"password":"x"')).toBe(true);
    expect(row.qs).toBe('q=1');
    expect(row.code).toBeNull();

    await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.2',
      headers: { authorization: 'Bearer forged' },
      payload: [{ ...record, uid: 'u-forged' }],
    });
    expect((await stored('u-forged'))[0].userId).toBeNull();
  });

  it('refuses an empty batch or more than 50 records, storing nothing', async () => {
    const before = (await app.db.select().from(errorReports)).length;
    for (const payload of [[], Array.from({ length: 51 }, (_, n) => ({ ...record, uid: `many-${n}` }))]) {
      const response = await app.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.3',
        headers: { 'accept-language': 'it' },
        payload,
      });
      const body = response.json();
      expect(body.code).toBe(400001);
      expect(body.data.errors[0].message).toBe(translate('it', 'validation.errorReport.count'));
    }
    const missingUrl = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.3',
      payload: [{ method: 'GET' }],
    });
    expect(missingUrl.json().code).toBe(400001);
    expect((await app.db.select().from(errorReports)).length).toBe(before);
  });

  it('allows 30 reports a minute from one address', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 31; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.4',
        payload: [{ ...record, uid: `rate-${n}` }],
      });
      codes.push(response.json().code);
    }
    expect(codes.slice(0, 30).every((code) => code === 220000)).toBe(true);
    expect(codes[30]).toBe(429001);
  });
});

describe('access', () => {
  it('answers 600003 to every setting call without a token', async () => {
    const before = await app.db.select().from(settings);
    const routes = app.routeAccess.filter((route) => route.url.startsWith('/backend/manager/sys/'));
    expect(routes.length).toBe(42);
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.url}`).not.toBe('public');
      const response = await app.inject({
        method: route.method as 'GET',
        url: route.url,
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(response.json().code, `${route.method} ${route.url}`).toBe(600003);
    }
    expect(await app.db.select().from(settings)).toEqual(before);
  });
});
