import {
  contentStatisticSchema,
  deviceStatisticSchema,
  ossStatisticSchema,
  scheduleStatisticSchema,
  userStatisticSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../platform/envelope';
import {
  contentStatistic,
  deviceStatistic,
  ossStatistic,
  scheduleStatistic,
  userStatistic,
} from './statistics';

// The /home dashboard under /backend/manager/dashboard (spec 000 §7: no parameters), each call
// needing dashboard:data and counting the caller's tenant scope. ota-statistic joins with the OTA area.

const access = { access: 'dashboard:data' } as const;

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/user-statistic',
    { config: access, schema: { response: responses(userStatisticSchema) } },
    async (request) => ok(await userStatistic(app.db, request.scope)),
  );
  app.get(
    '/dashboard/device-statistic',
    { config: access, schema: { response: responses(deviceStatisticSchema) } },
    async (request) => ok(await deviceStatistic(app.db, request.scope)),
  );
  app.get(
    '/dashboard/schedule-statistic',
    { config: access, schema: { response: responses(scheduleStatisticSchema) } },
    async (request) => ok(await scheduleStatistic(app.db, request.scope)),
  );
  app.get(
    '/dashboard/content-statistic',
    { config: access, schema: { response: responses(contentStatisticSchema) } },
    async (request) => ok(await contentStatistic(app.db, request.scope)),
  );
  app.get(
    '/dashboard/oss-statistic',
    { config: access, schema: { response: responses(ossStatisticSchema) } },
    async (request) => ok(await ossStatistic(app.db, request.scope)),
  );
};
