import { randomBytes } from 'node:crypto';
import { ResultCode, Role } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildUser, loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { batchRequest, data } from '../../test/license-factories';
import { buildCustomer, buildTenant, callAs } from '../../test/team-factories';
import { sendLicenseReminders } from './reminders';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const L = '/backend/manager/license';
const REMIND = `${L}/remind`;
type Call = typeof system;
const unique = () => randomBytes(4).toString('hex');
const DAY_MS = 86_400_000;

const SETTINGS = {
  enabled: true,
  threshold_days: 7,
  frequency_days: 1,
  user_ids: [] as number[],
  emails: [] as string[],
  exempt_days: [] as number[],
  send_time: '09:00',
};

/** An owner whose company's one device holds a licence bound now that expires in `days` days. */
async function ownerWithLicensedDevice(days = 10) {
  const batch = await data(system(batchRequest({ validity_type: 'days', effect_days: days, quantity: 5 })));
  const customer = await buildCustomer(app);
  const tenant = await buildTenant(app, { customerId: customer.customer.id });
  await data(
    system({
      method: 'POST',
      url: `${L}/batch/${batch.batch_id}/issue`,
      payload: { customer_id: customer.customer.id, quantity: 5 },
    }),
  );
  await data(
    customer.call({
      method: 'POST',
      url: `${L}/assign`,
      payload: { batch_id: batch.batch_id, company_id: tenant.company.id, quantity: 5 },
    }),
  );
  const owner = await callAs(app, tenant.owner);
  const screen = await buildDevice(app, tenant.root, 'Lobby');
  const bound = await data(
    owner({
      method: 'POST',
      url: `${L}/bind`,
      payload: { device_id: screen.row.id, batch_id: batch.batch_id },
    }),
  );
  return { tenant, owner, customer, expiresAt: new Date(bound.license.expires_at) };
}

const save = (call: Call, body: object) =>
  call({ method: 'PUT', url: REMIND, payload: { ...SETTINGS, ...body } });

/** The reminder mails queued to an address, oldest first. */
async function mailsTo(email: string) {
  return rowsOf<{ payload: { template: string; language: string; vars: Record<string, string> } }>(
    await app.db.execute(
      sql`select payload from jobs where type = 'mail' and payload ->> 'to' = ${email} and payload ->> 'template' = 'license' order by id`,
    ),
  );
}

/** `days` days after `from` at hh:mm UTC. */
const at = (from: Date, days: number, time: string) =>
  new Date(`${new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10)}T${time}:00Z`);

describe('renewal reminder settings', () => {
  it('answers the defaults, saves an owner’s settings and lists its company’s users as recipients', async () => {
    const { tenant, owner } = await ownerWithLicensedDevice();
    const colleague = await buildUser(app, {
      role: Role.user,
      companyId: tenant.company.id,
      workspaceId: tenant.root.id,
    });
    const first = await data(owner({ method: 'GET', url: REMIND }));
    expect(first.covers).toBe('company');
    expect(first.settings).toMatchObject({ enabled: false, updated_at: null });
    expect(first.users.map((user: { id: number }) => user.id).sort()).toEqual(
      [tenant.owner.id, colleague.id].sort(),
    );

    const saved = await data(
      save(owner, { user_ids: [colleague.id], emails: ['Renewals@Example.com'], exempt_days: [6, 0, 6] }),
    );
    expect(saved.settings).toMatchObject({
      user_ids: [colleague.id],
      emails: ['renewals@example.com'],
      exempt_days: [0, 6],
    });
    expect(await data(owner({ method: 'GET', url: REMIND }))).toEqual(saved);
    expect((await data(system({ method: 'GET', url: REMIND }))).covers).toBe('platform');
  });

  it('refuses bad settings and another tenant’s user, changing nothing', async () => {
    const { owner } = await ownerWithLicensedDevice();
    const stranger = await buildUser(app, { role: Role.owner });
    await data(save(owner, { emails: ['a@example.com'] }));
    const before = await databaseFingerprint(app.db);
    const refused = async (body: object, code: number) =>
      expect((await save(owner, body)).json().code, JSON.stringify(body)).toBe(code);
    await refused({ threshold_days: 0 }, ResultCode.validation);
    await refused({ frequency_days: 366 }, ResultCode.validation);
    await refused({ send_time: '24:00' }, ResultCode.validation);
    await refused({ exempt_days: [0, 1, 2, 3, 4, 5, 6] }, ResultCode.validation);
    await refused({ emails: ['not an address'] }, ResultCode.validation);
    await refused({ emails: [], user_ids: [] }, ResultCode.validation);
    await refused({ user_ids: [stranger.id] }, ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toEqual(before);
    const customer = await buildCustomer(app);
    expect((await customer.call({ method: 'GET', url: REMIND })).json().code).toBe(ResultCode.permission);
  });
});

describe('the daily reminder pass', () => {
  it('mails each recipient once a day in their language, from the send time, within the threshold', async () => {
    const { tenant, owner, expiresAt } = await ownerWithLicensedDevice(10);
    const german = await buildUser(app, {
      role: Role.userAdmin,
      companyId: tenant.company.id,
      workspaceId: tenant.root.id,
      language: 'de',
    });
    const address = `renewals-${unique()}@example.com`;
    await data(save(owner, { user_ids: [german.id], emails: [address] }));

    // Nine days before the expiry: outside the seven-day threshold.
    await sendLicenseReminders(app, at(expiresAt, -9, '10:00'));
    expect(await mailsTo(address)).toEqual([]);
    // Within it, but before the send time.
    await sendLicenseReminders(app, at(expiresAt, -5, '08:59'));
    expect(await mailsTo(address)).toEqual([]);
    // From the send time, by two instances at once: one mail each.
    const due = at(expiresAt, -5, '09:00');
    await Promise.all([sendLicenseReminders(app, due), sendLicenseReminders(app, due)]);
    await sendLicenseReminders(app, at(expiresAt, -5, '18:00'));
    const [mail] = await mailsTo(address);
    expect(await mailsTo(address)).toHaveLength(1);
    expect(mail.payload).toMatchObject({
      language: 'en',
      vars: {
        company: tenant.company.name,
        licence_count: '1',
        link: 'http://vitrine.test/license/commercial-owner',
      },
    });
    const [toGerman] = await mailsTo(german.email);
    expect(await mailsTo(german.email)).toHaveLength(1);
    expect(toGerman.payload.language).toBe('de');
    expect(toGerman.payload.vars.username).toBe(german.username);
    // Expired, it is still reminded about (the next day, frequency 1).
    await sendLicenseReminders(app, at(expiresAt, 1, '09:00'));
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it('reminds a licence again only after the frequency, and never on an exempt day', async () => {
    const { owner, expiresAt } = await ownerWithLicensedDevice(10);
    const address = `freq-${unique()}@example.com`;
    const first = at(expiresAt, -6, '12:00');
    // The frequency is two days; four days on is exempt.
    const exempt = (first.getUTCDay() + 4) % 7;
    await data(save(owner, { emails: [address], frequency_days: 2, exempt_days: [exempt] }));
    const count = async (days: number) => {
      await sendLicenseReminders(app, at(first, days, '12:00'));
      return (await mailsTo(address)).length;
    };
    expect(await count(0)).toBe(1);
    expect(await count(1)).toBe(1); // within the frequency
    expect(await count(2)).toBe(2); // two days on
    expect(await count(3)).toBe(2); // within the frequency
    expect(await count(4)).toBe(2); // due again, but exempt
    expect(await count(5)).toBe(3);
  });

  it('sends nothing when disabled, and the platform’s digest covers every company', async () => {
    const { owner, tenant, expiresAt } = await ownerWithLicensedDevice(3);
    const address = `off-${unique()}@example.com`;
    await data(save(owner, { emails: [address], enabled: false }));
    const platformAddress = `platform-${unique()}@example.com`;
    await data(save(system, { emails: [platformAddress], threshold_days: 30 }));
    await sendLicenseReminders(app, at(expiresAt, -1, '23:00'));
    expect(await mailsTo(address)).toEqual([]);
    const [digest] = await mailsTo(platformAddress);
    expect(digest.payload.vars.link).toBe('http://vitrine.test/license/commercial-sy');
    expect(Number(digest.payload.vars.licence_count)).toBeGreaterThanOrEqual(1);
    const rows = rowsOf<{ n: number }>(
      await app.db.execute(
        sql`select count(*)::int as n from license_reminders r join device_licenses dl on dl.transfer_id = r.transfer_id
          join devices d on d.id = dl.device_id where r.scope = 'system' and d.company_id = ${tenant.company.id}`,
      ),
    );
    expect(rows[0].n).toBe(1);
  });
});
