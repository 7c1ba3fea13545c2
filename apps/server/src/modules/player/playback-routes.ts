import { hash } from 'node:crypto';
import { playerOperations as ops } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { deviceOfRequest } from '../device';
import { recordScreenFirings } from '../rule';
import { recordPlaybacks } from '../statistics';

// POST /backend/player/playbacks: proof of play in batches (PLAYBACK_BATCH_LIMIT), with the device
// token as Bearer like the other player calls. A batch sent again (the answer was lost) stores
// nothing new and is acknowledged all the same. POST /backend/player/rule-firings: the control
// rules that fired on the screen, the same way (modules/rule).

/** A player catching up after a day offline sends many batches at once; more than this waits (429001). */
const UPLOAD_LIMIT = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    `playbacks:${hash('sha256', request.headers.authorization ?? request.ip, 'base64url')}`,
} as const;

const firingsKey = (request: FastifyRequest) =>
  `rule-firings:${hash('sha256', request.headers.authorization ?? request.ip, 'base64url')}`;

export const playbackRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    ops.playbacks,
    async (request) => {
      const device = await deviceOfRequest(app.db, request);
      return ok({ accepted: await recordPlaybacks(app.db, device, request.body.playbacks) });
    },
    { config: { rateLimit: UPLOAD_LIMIT } },
  );
  route(
    app,
    ops.ruleFirings,
    async (request) => {
      const device = await deviceOfRequest(app.db, request);
      return ok({ accepted: await recordScreenFirings(app, device.id, request.body.firings) });
    },
    { config: { rateLimit: { ...UPLOAD_LIMIT, keyGenerator: firingsKey } } },
  );
};
