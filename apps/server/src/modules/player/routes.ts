import { hash } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  APP_KEY_HEADER,
  DeviceStatus,
  playerOperations as ops,
  PLAYER_SOCKET_PATH,
  type PlayerPoll,
  ResultCode,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { route } from '../../platform/operations';
import {
  acknowledge,
  deviceOfRequest,
  handlePlayerSocket,
  hello,
  pendingCommands,
  presentPlayerState,
  recordSeen,
  renewPin,
} from '../device';
import { appKeyAdmits } from '../ota';
import { screenshotRoutes } from './screenshot-routes';

// The player's own calls under /backend/player (ARCHITECTURE §7), registered from the contract's
// operations: public, since a screen has no user; the device token in the body or the socket's
// first message says which screen it is. The socket stays a plain route.

// A restarting fleet behind one address says hello at once: generous, but bounded per address.
const HELLO_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * A browser's Origin must be this server, scheme and host (its own Host as reached, or PUBLIC_URL):
 * a page served over plain http must not speak for an https server of the same name. Other
 * clients send none.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const given = new URL(origin).origin;
    return (
      given === new URL(`${request.protocol}://${request.headers.host}`).origin ||
      given === new URL(publicUrl).origin
    );
  } catch {
    return false;
  }
}

/** What a poll's answer shows, without the clock reading that changes on every call. */
const etagOf = (poll: PlayerPoll) =>
  `"${hash('sha1', JSON.stringify({ ...poll, state: { ...poll.state, server_time: '' } }), 'base64url')}"`;

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(screenshotRoutes);

  // A player application other than the browser player says hello only with its package's app
  // key (docs/ota.md "App keys"); refused, nothing is written.
  route(
    app,
    ops.hello,
    async (request) => {
      const key = request.headers[APP_KEY_HEADER.toLowerCase()];
      if (
        !(await appKeyAdmits(app.db, request.body.app_package, typeof key === 'string' ? key : undefined))
      ) {
        throw new AppError(ResultCode.permission, 'ota.appKeyRefused');
      }
      return ok(await hello(app.db, request.body, app.systemSettings.publicUrl));
    },
    {
      config: { rateLimit: HELLO_LIMIT },
    },
  );

  // The socket's fallback: a sign of life like a heartbeat, the state and the waiting commands.
  route(app, ops.poll, async (request, reply) => {
    const found = await deviceOfRequest(app.db, request);
    const claimed = found.companyId !== null;
    await recordSeen(app, found.id, { wasOffline: claimed && found.status === DeviceStatus.offline });
    const now = new Date();
    const poll: PlayerPoll = {
      state: presentPlayerState(await renewPin(app.db, found, now), now, app.systemSettings.publicUrl),
      commands: claimed ? await pendingCommands(app.db, found.id) : [],
    };
    const etag = etagOf(poll);
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
    return ok(poll);
  });

  route(app, ops.ack, async (request) => {
    const found = await deviceOfRequest(app.db, request);
    await acknowledge(app.db, found.id, request.body);
    return ok(null);
  });

  // The socket in a scope of its own: @fastify/websocket hooks every request of the scope it is
  // registered in, and the other routes need none of that. One frame is a small JSON message,
  // so 64 KiB bounds what a socket may send.
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
    scope.route({
      method: 'GET',
      url: PLAYER_SOCKET_PATH.replace('/backend', ''),
      config: { access: 'public' },
      preValidation: async (request) => {
        if (!sameOrigin(request, app.config.publicUrl)) throw forbidden();
      },
      // A plain GET without the upgrade finds nothing here.
      handler: async () => {
        throw notFound();
      },
      wsHandler: (socket) => handlePlayerSocket(app, socket),
    });
  });
};
