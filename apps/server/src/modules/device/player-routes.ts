import { PLAYER_SOCKET_PATH, playerHelloRequestSchema, playerStateSchema } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../platform/envelope';
import { forbidden, notFound } from '../../platform/errors';
import { hello } from './player';
import { playerScreenshotRoutes } from './screenshot';
import { handlePlayerSocket } from './socket';

// The player's own calls under /backend/player (ARCHITECTURE §7): public, since a screen has no
// user; the device token in the body or the socket's first message says which screen it is.

// A restarting fleet behind one address says hello at once: generous, but bounded per address.
const HELLO_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** A browser's Origin must be this server (its own Host, or PUBLIC_URL); other clients send none. */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(playerScreenshotRoutes);

  app.post(
    '/player/hello',
    {
      config: { access: 'public', rateLimit: HELLO_LIMIT },
      schema: { body: playerHelloRequestSchema, response: responses(playerStateSchema) },
    },
    async (request) => ok(await hello(app.db, request.body)),
  );

  app.route({
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
};
