import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { Role, ScheduleType } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, jobs, scheduleDevices, schedules, users } from '../../db/schema';
import { EMPTY_GRACE_MS } from '../../platform/screen-changes';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { parseMail } from '../../test/outbox';
import { showByDefault } from '../../test/player-sockets';
import { buildMember, buildTenant, buildWorkspace } from '../../test/team-factories';
import { retractSchedule } from '../schedule';
import { localDate } from './manifest';
import { mailEmptyDevices } from './schedule-empty';

// The schedule-empty mail: a claimed screen with nothing to play is reported to the owner and the
// user admins above it, through a real SMTP server, once a day per screen, once it has had nothing
// for the grace period. Time moves through mailEmptyDevices' `now` and the jobs' run_at.

let app: FastifyInstance;
const received: { to: string[]; raw: string }[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app.config.smtpUrl = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
});
beforeEach(async () => {
  received.length = 0;
  await app.db.delete(jobs);
});

const today = () => localDate(null, new Date());
/** Paired long before the test: its grace after pairing is over. */
const pairedLongAgo = { claimedAt: new Date(Date.now() - 30 * 86_400_000) };
const afterGrace = (from = Date.now()) => new Date(from + EMPTY_GRACE_MS + 1000);
/** The queued checks come due now, as they would once their grace is over. */
const graceOver = () => app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Runs the queued jobs (the check, then the mails it queued); answers the mails by recipient. */
async function mails() {
  while ((await app.jobs.runDue()) > 0);
  return new Map(received.map((mail) => [mail.to[0], parseMail(mail.raw)]));
}

async function company() {
  const t = await buildTenant(app);
  await app.db.update(users).set({ language: 'de' }).where(eq(users.id, t.owner.id));
  const hall = await buildWorkspace(app, t.company.id, t.root.id, 'Hall');
  const side = await buildWorkspace(app, t.company.id, t.root.id, 'Side');
  const hallAdmin = await buildMember(app, hall, Role.userAdmin);
  const sideAdmin = await buildMember(app, side, Role.userAdmin);
  const hallUser = await buildMember(app, hall, Role.user);
  const image = await buildContent(app, hall, { hash: randomBytes(32).toString('hex'), mime: 'image/png' });
  return { ...t, hall, hallAdmin, sideAdmin, hallUser, image };
}

async function approvedSchedule(
  workspace: { id: number; companyId: number },
  deviceIds: number[],
  end: string,
) {
  const [row] = await app.db
    .insert(schedules)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name: 'Morning',
      type: ScheduleType.standard,
      state: 'approved',
      startDate: shift(today(), -10),
      endDate: end,
      frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
      approvedAt: new Date(),
    })
    .returning();
  await app.db
    .insert(scheduleDevices)
    .values(deviceIds.map((deviceId) => ({ scheduleId: row.id, deviceId })));
  return row;
}

describe('schedule-empty mails', () => {
  it('after a retract, mails the owner and the admins above a screen left with nothing, once a day', async () => {
    const c = await company();
    const lobby = await buildDevice(app, c.hall, 'Lobby', pairedLongAgo);
    const withDefault = await buildDevice(app, c.hall, 'Has default', pairedLongAgo);
    const stillScheduled = await buildDevice(app, c.hall, 'Still scheduled', pairedLongAgo);
    await showByDefault(app, withDefault.row.id, { kind: 'playlist', id: 1 });
    const schedule = await approvedSchedule(c.hall, [lobby.row.id, withDefault.row.id], shift(today(), 5));
    await approvedSchedule(c.hall, [stillScheduled.row.id], shift(today(), 5));

    await app.db.transaction(async (tx) => {
      await tx.update(schedules).set({ state: 'withdrawn' }).where(eq(schedules.id, schedule.id));
      await retractSchedule(tx, schedule.id, [lobby.row.id, withDefault.row.id, stillScheduled.row.id]);
    });
    // Inside the grace period: the check waits, and the hourly one leaves the screen to it.
    expect((await mails()).size).toBe(0);
    const [check] = await app.db.select().from(jobs).where(eq(jobs.type, 'schedule-empty'));
    expect(check.runAt.getTime() - Date.now()).toBeGreaterThan(EMPTY_GRACE_MS - 60_000);
    expect(await mailEmptyDevices(app, [lobby.row.id])).toBe(0);

    await graceOver();
    const sent = await mails();
    expect([...sent.keys()].sort()).toEqual([c.owner.email, c.hallAdmin.email].sort());
    const owner = sent.get(c.owner.email);
    expect(owner?.subject).toBe('Gerät Lobby hat nichts abzuspielen');
    expect(owner?.text).toContain(lobby.row.signageId);
    expect(owner?.text).toContain('http://vitrine.test/schedule/add');
    expect(owner?.text).toContain('zeigt der Bildschirm nur seinen Namen und eine Uhr');
    expect(sent.get(c.hallAdmin.email)?.subject).toBe('Device Lobby has nothing to play');
    expect(sent.get(c.hallAdmin.email)?.text).toContain('the screen shows only its name and a clock');
    const [row] = await app.db.select().from(devices).where(eq(devices.id, lobby.row.id));
    expect(row.emptyMailedAt).toBeInstanceOf(Date);

    // Once a day: a second retract the same day says nothing; the next day's check says it again.
    received.length = 0;
    await app.db.transaction((tx) => retractSchedule(tx, schedule.id, [lobby.row.id]));
    await graceOver();
    expect((await mails()).size).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await mailEmptyDevices(app, [lobby.row.id, stillScheduled.row.id], tomorrow)).toBe(1);
    expect([...(await mails()).keys()].sort()).toEqual([c.owner.email, c.hallAdmin.email].sort());
  });

  it('the periodic check finds screens whose schedules ended in their own timezone', async () => {
    const c = await company();
    const ended = await buildDevice(app, c.hall, 'Ended', {
      timezone: 'Pacific/Kiritimati',
      ...pairedLongAgo,
    });
    const running = await buildDevice(app, c.hall, 'Running', pairedLongAgo);
    await approvedSchedule(c.hall, [ended.row.id], shift(today(), -3));
    await approvedSchedule(c.hall, [running.row.id], today());
    // Its last day: still playing (UTC), so nothing; once its date has passed, reported.
    expect(await mailEmptyDevices(app, [running.row.id])).toBe(0);
    expect(await mailEmptyDevices(app, [ended.row.id])).toBe(1);
    const sent = await mails();
    expect(sent.get(c.owner.email)?.subject).toBe('Gerät Ended hat nichts abzuspielen');
    expect(await mailEmptyDevices(app, [running.row.id], new Date(Date.now() + 2 * 86_400_000))).toBe(1);
  });

  it('says nothing about a screen paired within the grace period, and reports it after', async () => {
    const c = await company();
    const pairedAt = Date.now();
    const fresh = await buildDevice(app, c.hall, 'Front window', { claimedAt: new Date(pairedAt) });
    expect(await mailEmptyDevices(app, [fresh.row.id])).toBe(0);
    expect(await mailEmptyDevices(app, [fresh.row.id], new Date(pairedAt + EMPTY_GRACE_MS - 1000))).toBe(0);
    expect(await mails()).toEqual(new Map());

    expect(await mailEmptyDevices(app, [fresh.row.id], afterGrace(pairedAt))).toBe(1);
    const sent = await mails();
    expect(sent.get(c.owner.email)?.subject).toBe('Gerät Front window hat nichts abzuspielen');
  });

  it('gives a screen whose schedule ended the grace period after its last local day', async () => {
    const c = await company();
    const screen = await buildDevice(app, c.hall, 'Lobby', pairedLongAgo);
    await approvedSchedule(c.hall, [screen.row.id], today());
    const dayEnd = Date.parse(`${shift(today(), 1)}T00:00:00Z`);
    expect(await mailEmptyDevices(app, [screen.row.id], new Date(dayEnd + EMPTY_GRACE_MS - 1000))).toBe(0);
    expect(await mailEmptyDevices(app, [screen.row.id], afterGrace(dayEnd))).toBe(1);
  });

  it('gives a screen whose default content was taken away the grace period too', async () => {
    const c = await company();
    const screen = await buildDevice(app, c.hall, 'Kiosk', pairedLongAgo);
    await showByDefault(app, screen.row.id, { kind: 'playlist', id: 987_654 });
    // Its playlist deleted: the default goes, and the check waits out the grace period.
    await app.db.transaction((tx) => app.uses.playlist.detach(tx, [987_654]));
    expect(await mailEmptyDevices(app, [screen.row.id])).toBe(0);
    expect(await mailEmptyDevices(app, [screen.row.id], afterGrace())).toBe(1);
  });
});
