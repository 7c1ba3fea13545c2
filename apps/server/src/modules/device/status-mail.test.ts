import { AccountStatus, DEVICE_STATUS_MAIL_MINUTES, DeviceStatus, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { devices, jobs, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { clearOutbox, readOutbox } from '../../test/outbox';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { sweepOffline } from './hub';
import { followTimers, markOnline, wentOffline } from './status-mail';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(() => app.close());
beforeEach(async () => {
  clearOutbox(app);
  await app.db.delete(jobs);
});

const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Runs the status jobs (an outage's once it has lasted), then the mails they queued; answers the mails written. */
async function mails() {
  while ((await app.jobs.runDue()) > 0);
  return readOutbox(app);
}

/** As if the outages so far had lasted long enough to be news. */
const later = () => app.db.update(jobs).set({ runAt: new Date(0) });

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

/** A player that connects with its token and waits for its welcome. */
async function connectPlayer(token: string) {
  const socket = new WebSocket(`${base}/backend/player/socket`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const welcome = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await welcome;
  return socket;
}

/** A company whose root holds workspace `hall`, with an owner (German) and user admins here and there. */
async function company() {
  const t = await buildTenant(app);
  await app.db.update(users).set({ language: 'de' }).where(eq(users.id, t.owner.id));
  const hall = await buildWorkspace(app, t.company.id, t.root.id, 'Hall');
  const side = await buildWorkspace(app, t.company.id, t.root.id, 'Side');
  const rootAdmin = await buildMember(app, t.root, Role.userAdmin);
  await app.db.update(users).set({ language: 'fr' }).where(eq(users.id, rootAdmin.id));
  const hallAdmin = await buildMember(app, hall, Role.userAdmin);
  const sideAdmin = await buildMember(app, side, Role.userAdmin);
  const disabledAdmin = await buildMember(app, hall, Role.userAdmin, { status: AccountStatus.disabled });
  const hallUser = await buildMember(app, hall, Role.user);
  const device = await buildDevice(app, hall, 'Lobby');
  return { ...t, rootAdmin, hallAdmin, sideAdmin, disabledAdmin, hallUser, device };
}

describe('device-status mails', () => {
  it('mails the owner and the admins above the device when it goes offline and comes back', async () => {
    const c = await company();
    const first = await connectPlayer(c.device.token);
    expect((await rowOf(c.device.row.id)).status).toBe(DeviceStatus.online);
    // Coming online with no outage mailed says nothing.
    expect(await mails()).toEqual([]);

    first.close();
    await until(async () => (await rowOf(c.device.row.id)).status === DeviceStatus.offline);
    await until(async () => (await app.db.select().from(jobs)).length > 0);
    expect(await mails()).toEqual([]); // not yet: a reboot or a blip is not news
    await later();
    const offline = await mails();
    expect(offline.map((mail) => mail.to).sort()).toEqual(
      [c.owner.email, c.rootAdmin.email, c.hallAdmin.email].sort(),
    );
    const toOwner = offline.find((mail) => mail.to === c.owner.email);
    expect(toOwner?.subject).toBe('Gerät Lobby: Offline');
    expect(toOwner?.text).toContain(`/device/${c.device.row.id}`);
    expect(toOwner?.text).toContain(c.device.row.signageId);
    expect(offline.find((mail) => mail.to === c.rootAdmin.email)?.subject).toBe(
      'Appareil Lobby : Hors ligne',
    );

    clearOutbox(app);
    const second = await connectPlayer(c.device.token);
    const online = await mails();
    expect(online).toHaveLength(3);
    expect(online.find((mail) => mail.to === c.hallAdmin.email)?.subject).toBe('Device Lobby: Online');
    second.terminate();
  });

  it('sends at most one offline mail per window, and a back-online only after a mailed offline', async () => {
    const c = await company();
    const id = c.device.row.id;
    await app.db
      .update(devices)
      .set({ status: DeviceStatus.online, lastSeenAt: minutesAgo(10) })
      .where(eq(devices.id, id));
    // Offline by the sweep: mailed.
    await sweepOffline(app.db, new Date(), (ids) => wentOffline(app, ids));
    await later();
    expect(await mails()).toHaveLength(3);
    clearOutbox(app);

    await markOnline(app, [id]); // back: the outage was mailed, so this is too
    expect((await mails()).map((mail) => mail.subject)).toContain('Device Lobby: Online');
    clearOutbox(app);

    // Flapping within the window: neither the offline nor the online that follows is mailed.
    await app.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, id));
    await app.db.update(devices).set({ status: DeviceStatus.offline }).where(eq(devices.id, id));
    await wentOffline(app, [id]);
    await markOnline(app, [id]);
    await later();
    expect(await mails()).toEqual([]);

    // Past the window the next offline is mailed again.
    await app.db
      .update(devices)
      .set({ status: DeviceStatus.offline, statusMailedAt: minutesAgo(DEVICE_STATUS_MAIL_MINUTES + 1) })
      .where(eq(devices.id, id));
    await wentOffline(app, [id]);
    await later();
    expect(await mails()).toHaveLength(3);
  });

  it('says nothing when the device is back before its offline mail is decided', async () => {
    const c = await company();
    await app.db.update(devices).set({ status: DeviceStatus.online }).where(eq(devices.id, c.device.row.id));
    await wentOffline(app, [c.device.row.id]);
    await later();
    expect(await mails()).toEqual([]);
    expect((await rowOf(c.device.row.id)).statusMailedAt).toBeNull();
  });
});

describe('power on/off mails', () => {
  /** The company above, its device online, with the hall user and the owner asking for power mails. */
  async function choosing() {
    const c = await company();
    await app.db
      .update(devices)
      .set({ status: DeviceStatus.online, lastSeenAt: new Date() })
      .where(eq(devices.id, c.device.row.id));
    for (const user of [c.hallUser, c.owner]) {
      const chosen = await (await callAs(app, user))({
        method: 'POST',
        url: '/backend/manager/sys/power-mail',
        payload: { user_power_mail: true },
      });
      expect(chosen.json().data).toEqual({ user_power_mail: true });
    }
    const owner = await callAs(app, c.owner);
    const command = (action: 'screen-on' | 'screen-off') =>
      owner({
        method: 'POST',
        url: `/backend/manager/device/${c.device.row.id}/command`,
        payload: { action },
      });
    return { ...c, command };
  }

  it('mails the users who chose them when a command turns the screen off and on, once a window', async () => {
    const c = await choosing();
    expect((await c.command('screen-off')).json().code).toBe(220000);
    const off = await mails();
    // Only those who chose it: not the admins, who hear of offline screens.
    expect(off.map((mail) => mail.to).sort()).toEqual([c.owner.email, c.hallUser.email].sort());
    expect(off.find((mail) => mail.to === c.owner.email)?.subject).toBe('Gerät Lobby: Ausgeschaltet');
    expect(off.find((mail) => mail.to === c.hallUser.email)?.subject).toBe('Device Lobby: Powered off');
    clearOutbox(app);

    // Off again changes nothing; on answers the mailed off.
    expect((await c.command('screen-off')).json().code).toBe(220000);
    expect(await mails()).toEqual([]);
    expect((await c.command('screen-on')).json().code).toBe(220000);
    expect((await mails()).map((mail) => mail.subject)).toContain('Device Lobby: Powered on');
    clearOutbox(app);

    // Flapping within the window: neither the off nor the on that follows is mailed.
    await c.command('screen-off');
    await c.command('screen-on');
    expect(await mails()).toEqual([]);

    // Past the window the next off is mailed again.
    await app.db
      .update(devices)
      .set({ powerMailedAt: minutesAgo(DEVICE_STATUS_MAIL_MINUTES + 1) })
      .where(eq(devices.id, c.device.row.id));
    await c.command('screen-off');
    expect(await mails()).toHaveLength(2);
  });

  it("follows the timers in the screen's zone: powered off and on at their boundaries", async () => {
    const c = await choosing();
    const id = c.device.row.id;
    // Mondays 08:00 to 18:00 in Tokyo (2025-01-06 is a Monday).
    await app.db
      .update(devices)
      .set({
        timezone: 'Asia/Tokyo',
        timers: { enabled: true, timers: [{ weekday: 1, on: '08:00', off: '18:00' }] },
      })
      .where(eq(devices.id, id));
    await followTimers(app, new Date('2025-01-06T01:00:00Z')); // 10:00 in Tokyo: on, as it was
    expect(await mails()).toEqual([]);
    await followTimers(app, new Date('2025-01-06T09:30:00Z')); // 18:30 in Tokyo: off
    expect((await rowOf(id)).timerOn).toBe(false);
    const off = await mails();
    expect(off.map((mail) => mail.subject).sort()).toEqual([
      'Device Lobby: Powered off',
      'Gerät Lobby: Ausgeschaltet',
    ]);
    clearOutbox(app);
    await followTimers(app, new Date('2025-01-06T09:31:00Z')); // still off: nothing new
    expect(await mails()).toEqual([]);
    await followTimers(app, new Date('2025-01-12T23:30:00Z')); // Monday 08:30 in Tokyo: on
    expect((await rowOf(id)).timerOn).toBe(true);
    expect((await mails()).map((mail) => mail.subject)).toContain('Device Lobby: Powered on');
  });

  it('says nothing for a screen off by command, an offline one, or users who did not choose it', async () => {
    const c = await choosing();
    const id = c.device.row.id;
    const timers = { enabled: true, timers: [{ weekday: 1, on: '08:00', off: '18:00' }] };
    await app.db.update(devices).set({ timezone: 'UTC', timers, screenOn: false }).where(eq(devices.id, id));
    await followTimers(app, new Date('2025-01-06T19:00:00Z'));
    expect((await rowOf(id)).timerOn).toBe(false);
    expect(await mails()).toEqual([]);

    await app.db
      .update(devices)
      .set({ screenOn: true, timerOn: true, status: DeviceStatus.offline })
      .where(eq(devices.id, id));
    await followTimers(app, new Date('2025-01-06T19:00:00Z'));
    expect(await mails()).toEqual([]);

    await app.db
      .update(devices)
      .set({ timerOn: true, status: DeviceStatus.online })
      .where(eq(devices.id, id));
    await app.db.update(users).set({ powerMail: false }).where(eq(users.companyId, c.company.id));
    await followTimers(app, new Date('2025-01-06T19:00:00Z'));
    expect(await mails()).toEqual([]);
  });

  it('refuses a choice that is not a boolean', async () => {
    const c = await company();
    const response = await (await callAs(app, c.hallUser))({
      method: 'POST',
      url: '/backend/manager/sys/power-mail',
      payload: { user_power_mail: 'yes' },
    });
    expect(response.json().code).toBe(400001);
  });
});
