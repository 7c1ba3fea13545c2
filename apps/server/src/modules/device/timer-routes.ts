import {
  deviceBatchTimersRequestSchema,
  deviceItemSchema,
  deviceLockRequestSchema,
  deviceTimersSchema,
  idSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { setLock } from './lock';
import { deviceTimers, saveTimers } from './timers';

// A device's weekly timers (device:timer:add, the console's /device/timer page) and its settings
// lock (device:dev:info, the device page), under /backend/manager/device.

const params = z.object({ device_id: idSchema });

export const deviceTimerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/device/timer',
    {
      config: { access: 'device:timer:add' },
      schema: { body: deviceBatchTimersRequestSchema, response: responses(empty) },
    },
    async (request) => {
      const { ids, ...timers } = request.body;
      await saveTimers(app, request.scope, ids, timers);
      return ok(null);
    },
  );

  app.get(
    '/device/:device_id/timer',
    {
      config: { access: 'device:timer:add' },
      schema: { params, response: responses(deviceTimersSchema) },
    },
    async (request) => ok(await deviceTimers(app.db, request.scope, request.params.device_id)),
  );

  app.put(
    '/device/:device_id/timer',
    {
      config: { access: 'device:timer:add' },
      schema: { params, body: deviceTimersSchema, response: responses(deviceTimersSchema) },
    },
    async (request) => {
      await saveTimers(app, request.scope, [request.params.device_id], request.body);
      return ok(await deviceTimers(app.db, request.scope, request.params.device_id));
    },
  );

  app.put(
    '/device/:device_id/lock',
    {
      config: { access: 'device:dev:info' },
      schema: { params, body: deviceLockRequestSchema, response: responses(deviceItemSchema) },
    },
    async (request) => ok(await setLock(app, request.scope, request.params.device_id, request.body.pin)),
  );
};
