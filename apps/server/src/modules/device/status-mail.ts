import { AccountStatus, DEVICE_STATUS_MAIL_MINUTES, DeviceStatus, Role } from '@vitrine/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices, users } from '../../db/schema';
import { STATUS_WORDS } from '../../platform/mail-templates/device-status';
import { mailLanguage, mailTime } from '../account/client';

// Device-status mails (spec: the "device offline" reminder, template device-status): when a claimed
// screen goes offline or comes back, the company's owner and the user admins whose workspace holds
// it hear of it through the job queue, each in their own language.
//
// Against flapping, devices.status_mailed_at holds when the last OFFLINE mail went out:
// - an offline mail goes only if none went in the last DEVICE_STATUS_MAIL_MINUTES;
// - a back-online mail goes only if this outage's offline mail went out (status_mailed_at is at or
//   after the last time the device was seen before the outage), so every "online" answers one
//   "offline", and a screen that flaps every minute costs one pair of mails per window.
// The check and the stamp happen in the transaction that enqueues the job.

const JOB = 'device-status';
const WINDOW_MS = DEVICE_STATUS_MAIL_MINUTES * 60_000;

type Change = 'online' | 'offline';
type Payload = { deviceId: number; status: Change; at: string };

/** After these devices were marked offline: queues the mails the rule allows. */
export async function mailOffline(app: FastifyInstance, ids: readonly number[], now = new Date()) {
  for (const id of ids) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
      // Back online already, deleted, or mailed within the window: nothing to say.
      if (row?.companyId == null || row.status !== DeviceStatus.offline) return;
      if (row.statusMailedAt && now.getTime() - row.statusMailedAt.getTime() < WINDOW_MS) return;
      await tx.update(devices).set({ statusMailedAt: now }).where(eq(devices.id, id));
      await app.jobs.enqueue(JOB, { deviceId: id, status: 'offline', at: now.toISOString() }, {}, tx);
    });
  }
}

/**
 * Marks a claimed offline device online, before the caller stores what it reports, and queues the
 * back-online mail when its outage was mailed. Does nothing for a device already online.
 */
export async function markOnline(app: FastifyInstance, id: number, now = new Date()) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (row?.companyId == null || row.status !== DeviceStatus.offline) return;
    // Seen now, too: a sweep before the caller's own write must not take it offline again.
    await tx.update(devices).set({ status: DeviceStatus.online, lastSeenAt: now }).where(eq(devices.id, id));
    const mailed =
      row.statusMailedAt !== null && (row.lastSeenAt === null || row.statusMailedAt >= row.lastSeenAt);
    if (!mailed) return;
    await app.jobs.enqueue(JOB, { deviceId: id, status: 'online', at: now.toISOString() }, {}, tx);
  });
}

/** Ids of the workspace and every workspace above it. */
function workspaceAndAncestors(links: readonly { id: number; parentId: number | null }[], id: number) {
  const parents = new Map(links.map((link) => [link.id, link.parentId]));
  const chain: number[] = [];
  for (let at: number | null | undefined = id; at != null && !chain.includes(at); at = parents.get(at)) {
    chain.push(at);
  }
  return chain;
}

/** The job: one mail per recipient, all queued together. */
async function sendStatusMails(app: FastifyInstance, payload: Payload) {
  const [device] = await app.db.select().from(devices).where(eq(devices.id, payload.deviceId));
  if (device?.companyId == null || device.workspaceId === null) return;
  const holders = workspaceAndAncestors(await app.workspaceTrees.of(device.companyId), device.workspaceId);
  const recipients = await app.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyId, device.companyId),
        eq(users.status, AccountStatus.active),
        or(
          eq(users.roleId, Role.owner),
          and(eq(users.roleId, Role.userAdmin), inArray(users.workspaceId, holders)),
        ),
      ),
    );
  const at = new Date(payload.at);
  await app.db.transaction(async (tx) => {
    for (const user of recipients) {
      const language = mailLanguage(user.language);
      const vars = {
        username: user.username,
        device_name: device.name ?? device.signageId,
        signage_id: device.signageId,
        status: STATUS_WORDS[language][payload.status],
        time: mailTime(at, user),
        link: `${app.config.publicUrl}/device/${device.id}`,
      };
      await app.mail.enqueue({ to: user.email, template: 'device-status', language, vars }, tx);
    }
  });
}

/** Registers the job and hears the offline sweep. */
export function registerStatusMails(app: FastifyInstance) {
  app.jobs.register<Payload>(JOB, (payload) => sendStatusMails(app, payload));
  app.deviceHub.onOffline((ids) => mailOffline(app, ids));
}
