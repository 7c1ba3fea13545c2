import type { AddressInfo } from 'node:net';
import type { ProgramRef, ServerMessage } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { devices } from '../db/schema';

// Screens for the "manifest changed" tests: a device's default program set past its own call, and
// a paired player's socket collecting what the server pushes. Call closePlayers() after each test.

const open: WebSocket[] = [];

/** Sets (or clears) a device's default program as stored, telling nobody. */
export const showByDefault = (app: FastifyInstance, deviceId: number, ref: ProgramRef | null) =>
  app.db
    .update(devices)
    .set({ defaultProgramKind: ref?.kind ?? null, defaultProgramId: ref?.id ?? null })
    .where(eq(devices.id, deviceId));

export async function until(check: () => boolean) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

/** A paired player's socket, authenticated; the messages the server pushes after the welcome. */
export async function connectPlayer(app: FastifyInstance, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/backend/player/socket`);
  open.push(socket);
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await until(() => messages.some((message) => message.type === 'welcome'));
  messages.length = 0;
  return messages;
}

/** Waits for `heard` to get its push, then a little longer: a push to the others would have come by then. */
export async function settled(heard: readonly ServerMessage[]) {
  await until(() => heard.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

export function closePlayers() {
  for (const socket of open.splice(0)) socket.terminate();
}
