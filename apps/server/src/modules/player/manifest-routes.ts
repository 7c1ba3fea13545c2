import { hash } from 'node:crypto';
import { playerOperations as ops } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { hashToken } from '../../platform/tokens';
import { deviceOfRequest, screenLicensed } from '../device';
import { recordContentError } from '../notice';
import { ManifestCache, PushConfirmations } from '../program';

// The player's program calls under /backend/player, with the device token as Bearer like the
// other player calls: the manifest (ETag = its version, 304 when unchanged; fetching it confirms
// the pushes of the schedules it holds; empty without a licence in force) and content errors
// (told to the device area's event listeners).

/** A screen reporting every failing item of a broken program stays within this; more is refused (429001). */
const REPORT_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  // Per device: by its token (hashed, so no token sits in the limiter's memory).
  keyGenerator: (request: FastifyRequest) =>
    `content-error:${hash('sha256', request.headers.authorization ?? request.ip, 'base64url')}`,
} as const;

export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, storage: app.storage };
  const cache = new ManifestCache(ctx);
  const confirmations = new PushConfirmations(app.db);
  // Another instance's change (or events missed while the bus was away): built manifests go.
  app.bus.on((event) => {
    if (event.type === 'manifest-changed') cache.clear();
  });
  app.bus.onReconnect(() => cache.clear());
  app.addHook('onClose', async () => {
    cache.close();
  });

  route(app, ops.manifest, async (request, reply) => {
    // A fleet told of a change fetches together: token lookups go in the hub's batches.
    const device = await deviceOfRequest(app.db, request, (token) =>
      app.deviceHub.players.load(hashToken(token)),
    );
    // A screen without a licence in force is sent nothing to play: it tells the viewer why.
    const { manifest, unconfirmed } = screenLicensed(device)
      ? await cache.manifestOf(device)
      : await cache.heldBack(device);
    // Fetched (changed or not): the schedules it holds have reached the screen.
    if (unconfirmed.length > 0) await confirmations.confirm(device.id, unconfirmed);
    const etag = `"${manifest.version}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
    return ok(manifest);
  });

  route(
    app,
    ops.contentError,
    async (request) => {
      const device = await deviceOfRequest(app.db, request);
      await recordContentError(app.db, device, request.body);
      // Control rules on content errors follow it (modules/rule, through the job table).
      await app.deviceEvents.emit('content-error', [device.id]);
      return ok(null);
    },
    { config: { rateLimit: REPORT_LIMIT } },
  );
};
