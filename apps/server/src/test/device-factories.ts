import { DeviceStatus, type PlayerState } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { devices } from '../db/schema';
import { publish } from '../platform/bus';

// Devices for the tests: a screen registered the way a player does it, and one claimed into a
// workspace the way the console does it, without going through the rate-limited add call.

/** A screen's first hello: its state with the token, and its row. */
export async function registerPlayer(app: FastifyInstance, info: object = {}) {
  const response = await app.inject({ method: 'POST', url: '/backend/player/hello', payload: { info } });
  const state = response.json().data as PlayerState & { token: string };
  const [row] = await app.db.select().from(devices).where(eq(devices.signageId, state.signage_id));
  return { state, token: state.token, row };
}

/** POST player/ack as the screen with this token: a command's result without the socket. */
export const playerAck = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/backend/player/ack',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

/**
 * A registered screen claimed into a workspace (status offline: no socket). It gets its trial
 * licence as a claim gives it (the same claim hooks), unless `licensed: false` builds one that
 * never had a licence.
 */
export async function buildDevice(
  app: FastifyInstance,
  workspace: { id: number; companyId: number },
  name = 'Screen',
  columns: Partial<typeof devices.$inferInsert> = {},
  { licensed = true }: { licensed?: boolean } = {},
) {
  const player = await registerPlayer(app);
  const row = await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(devices)
      .set({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        name,
        status: DeviceStatus.offline,
        pin: null,
        pinExpiresAt: null,
        claimedAt: new Date(),
        ...columns,
      })
      .where(eq(devices.id, player.row.id))
      .returning();
    // Past the company's trial limit (10 by default) the screen stays unlicensed, as a claim leaves it.
    if (licensed) {
      await app.deviceClaims.run(tx, {
        deviceId: claimed.id,
        companyId: workspace.companyId,
        actorId: null,
      });
    }
    return claimed;
  });
  return { ...player, row };
}

/**
 * Resolves once every event published before it has reached this app's bus. On PostgreSQL events
 * come by NOTIFY after the call that made them has returned (claiming a screen binds its trial
 * licence, which tells it to fetch its manifest): a test that counts events starts after this.
 * Notifications arrive in commit order, so a marker published now comes after all of them.
 */
export async function busSettled(app: FastifyInstance) {
  const marker = -Date.now();
  let arrived = false;
  const stop = app.bus.on((event) => {
    if (event.type === 'manifest-changed' && event.deviceIds[0] === marker) arrived = true;
  });
  try {
    await publish(app.db, { type: 'manifest-changed', deviceIds: [marker] });
    await vi.waitFor(() => expect(arrived).toBe(true));
  } finally {
    stop();
  }
}
