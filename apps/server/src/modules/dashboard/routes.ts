import { dashboardOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { licenseStatistic } from '../license';
import { otaStatistic } from '../ota';
import {
  contentStatistic,
  deviceStatistic,
  ossStatistic,
  scheduleStatistic,
  userStatistic,
} from './statistics';

// The /home dashboard under /backend/manager/dashboard (the contract's operations), each call
// counting the caller's tenant scope. ota-statistic joins with the OTA area.

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.user, async (request) => ok(await userStatistic(app.db, request.scope)));
  route(app, ops.device, async (request) => ok(await deviceStatistic(app.db, request.scope)));
  route(app, ops.schedule, async (request) => ok(await scheduleStatistic(app.db, request.scope)));
  route(app, ops.content, async (request) => ok(await contentStatistic(app.db, request.scope)));
  route(app, ops.oss, async (request) => ok(await ossStatistic(app.db, request.scope)));
  route(app, ops.license, async (request) => ok(await licenseStatistic(app.db, request.scope)));
  route(app, ops.ota, async (request) => ok(await otaStatistic(app.db, request.scope)));
};
