import { hash } from 'node:crypto';
import {
  DEVICE_KEY_HEADER,
  OTA_DOWNLOAD_RETRY_SECONDS,
  otaPlanOperations as ops,
  otaPlanParamsSchema,
  ResultCode,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/operations';
import { hashToken } from '../../platform/tokens';
import { deviceOfRequest } from '../device';
import { sendStored } from '../media';
import { assertDeviceKey } from './device-keys';
import { planPackageFile, reportUpgrade } from './plan-player';
import {
  cancelPlan,
  createPlan,
  installNow,
  pausePlan,
  planDetail,
  planDevices,
  planList,
  planTargetWorkspaces,
  resumePlan,
  retryPlan,
} from './plans';

// Plans under /backend/manager/ota/plan (the /ota/plan page), and the player's upgrade calls under
// /backend/player/ota (device token as Bearer); paths, schemas and access are the contract's.

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.planList, async (request) => ok(await planList(app.db, request.scope, request.query)));
  route(app, ops.planTargetWorkspaces, async (request) =>
    ok(await planTargetWorkspaces(app.db, request.scope, request.query)),
  );
  route(app, ops.planCreate, async (request) => ok(await createPlan(app, request.scope, request.body)));
  route(app, ops.planDetail, async (request) =>
    ok(await planDetail(app.db, request.scope, request.params.id)),
  );
  route(app, ops.planDevices, async (request) =>
    ok(await planDevices(app.db, request.scope, request.params.id, request.query)),
  );
  route(app, ops.planPause, async (request) => ok(await pausePlan(app, request.scope, request.params.id)));
  route(app, ops.planResume, async (request) => ok(await resumePlan(app, request.scope, request.params.id)));
  route(app, ops.planCancel, async (request) => ok(await cancelPlan(app, request.scope, request.params.id)));
  route(app, ops.planRetry, async (request) => ok(await retryPlan(app, request.scope, request.params.id)));
  route(app, ops.planInstallNow, async (request) =>
    ok(await installNow(app, request.scope, request.params.id, request.body.device_ids)),
  );
};

/**
 * Report transactions running at once on an instance. A fleet's rollout reports three steps per
 * screen (30,000 transactions for 10,000 screens): the rest wait their turn here, in memory,
 * instead of in the database pool's queue ahead of the console's queries.
 */
const REPORTS_AT_ONCE = 4;

/** A screen reports an upgrade's few steps; a broken one looping on them is refused past this (429001). */
const REPORT_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  // Per device: by its token (hashed, so no token sits in the limiter's memory).
  keyGenerator: (request: FastifyRequest) =>
    `ota-report:${hash('sha256', request.headers.authorization ?? request.ip, 'base64url')}`,
} as const;

export const planPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  // A fleet upgrading together calls together: token lookups go in the hub's batches.
  const deviceOf = (request: FastifyRequest) =>
    deviceOfRequest(app.db, request, (token) => app.deviceHub.players.load(hashToken(token)));
  const reports = pLimit(REPORTS_AT_ONCE);
  route(
    app,
    ops.playerReport,
    async (request) => {
      const device = await deviceOf(request);
      await reports(() => reportUpgrade(app, device.id, request.body));
      return ok(null);
    },
    { config: { rateLimit: REPORT_LIMIT } },
  );

  // The package's bytes (a download, not an envelope): streamed from the storage layer by the
  // media routes' sender (Range and 206, HEAD), its MD5 in X-Package-MD5 and as its ETag, for
  // If-Range (a range of another version is answered whole). A device that holds a device key sends it too (X-Device-Key), else 403001. At
  // most `otaDownloadSlots` downloads run at once on an instance; past them 429001 with Retry-After,
  // and the player comes back then (a rollout to a whole fleet does not starve the console). The
  // slot is taken first: a screen told to come back has cost no query (a rollout's thousands of
  // them would otherwise each read the device, its key and its plan).
  let downloading = 0;
  app.get(
    '/player/ota/package/:plan_id',
    { config: { access: 'public' }, schema: { params: otaPlanParamsSchema } },
    async (request, reply) => {
      if (downloading >= app.config.otaDownloadSlots) {
        reply.header('Retry-After', OTA_DOWNLOAD_RETRY_SECONDS);
        throw new AppError(ResultCode.tooManyRequests);
      }
      // Held until the answer ends, whatever it is (a refusal frees it at once).
      downloading += 1;
      reply.raw.once('close', () => {
        downloading -= 1;
      });
      const device = await deviceOf(request);
      const key = request.headers[DEVICE_KEY_HEADER.toLowerCase()];
      await assertDeviceKey(app.db, device.id, typeof key === 'string' ? key : undefined);
      const { key: stored, md5 } = await planPackageFile(app, device.id, request.params.plan_id);
      const etag = `"${md5}"`;
      const ifRange = request.headers['if-range'];
      reply
        .header('Content-Type', 'application/octet-stream')
        .header('X-Package-MD5', md5)
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-store');
      return sendStored(app.storage, stored, request, reply, {
        whole: ifRange !== undefined && ifRange !== etag,
      });
    },
  );
};
