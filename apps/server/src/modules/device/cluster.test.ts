import { DeviceStatus, PlayerSocketClose, type ServerMessage } from '@vitrine/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { devices, jobs } from '../../db/schema';
import { buildSecondInstance, buildTestApp } from '../../test/app';
import { buildDevice, busSettled } from '../../test/device-factories';
import { buildTenant, callAs } from '../../test/team-factories';

// Two server processes on one PostgreSQL (docs/scale-out.md): a screen has one live socket in the
// cluster. Its newer connection on one instance replaces an older one on the other, which closes
// without marking the screen offline, and its commands reach the live socket only.

const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

/** A player's socket on `app`, authenticated: what it is sent after the welcome, and its close code. */
async function connect(app: FastifyInstance, token: string) {
  const address = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    : await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/backend/player/socket`);
  open.push(socket);
  const heard: ServerMessage[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await vi.waitFor(() => expect(heard.some((message) => message.type === 'welcome')).toBe(true));
  heard.length = 0;
  return { heard, closed };
}

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
  'one live socket per screen across instances',
  () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await buildTestApp();
      b = await buildSecondInstance(a);
    });

    it('closes the older socket on the other instance, keeps the screen online and commands it once', async () => {
      const tenant = await buildTenant(a);
      const { token, row } = await buildDevice(a, tenant.root, 'Lobby');
      const stale = await connect(a, token);
      const live = await connect(b, token);

      expect(await stale.closed).toBe(PlayerSocketClose.replaced);
      expect(a.deviceHub.isConnected(row.id)).toBe(false);
      expect(b.deviceHub.isConnected(row.id)).toBe(true);

      const call = await callAs(a, tenant.owner);
      const sent = await call({
        method: 'POST',
        url: `/backend/manager/device/${row.id}/command`,
        payload: { action: 'reboot' },
      });
      expect(sent.json().code).toBe(220000);
      await vi.waitFor(() =>
        expect(live.heard.filter((message) => message.type === 'command')).toHaveLength(1),
      );
      expect(stale.heard.filter((message) => message.type === 'command')).toEqual([]);
      // The stale socket's close (handled on a before the command went round) left the screen
      // online, as it is, connected to b, and queued no offline mail.
      const [stored] = await a.db
        .select({ status: devices.status })
        .from(devices)
        .where(eq(devices.id, row.id));
      expect(stored.status).toBe(DeviceStatus.online);
      const mails = await a.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.type, 'device-status'), sql`${jobs.payload}->>'deviceId' = ${String(row.id)}`));
      expect(mails).toEqual([]);
    });

    it('keeps the newer socket whichever instance holds it', async () => {
      const tenant = await buildTenant(a);
      const { token, row } = await buildDevice(a, tenant.root, 'Hall');
      const first = await connect(b, token);
      const second = await connect(a, token);
      expect(await first.closed).toBe(PlayerSocketClose.replaced);
      // Both instances have heard both announcements: a's socket, announced last, stays.
      await Promise.all([busSettled(a), busSettled(b)]);
      expect(a.deviceHub.isConnected(row.id)).toBe(true);
      expect(b.deviceHub.isConnected(row.id)).toBe(false);
      expect(await Promise.race([second.closed, 'open'])).toBe('open');
    });
  },
);
