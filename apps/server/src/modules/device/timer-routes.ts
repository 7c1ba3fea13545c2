import { deviceOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { setLock } from './lock';
import { deviceTimers, saveTimers } from './timers';

// A device's weekly timers (device:timer:add, the console's /device/timer page) and its settings
// lock (device:dev:info, the device page), under /backend/manager/device.

export const deviceTimerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.batchTimers, async (request) => {
    const { ids, ...timers } = request.body;
    await saveTimers(app, request.scope, ids, timers);
    return ok(null);
  });

  route(app, ops.timers, async (request) =>
    ok(await deviceTimers(app.db, request.scope, request.params.device_id)),
  );

  route(app, ops.saveTimers, async (request) => {
    await saveTimers(app, request.scope, [request.params.device_id], request.body);
    return ok(await deviceTimers(app.db, request.scope, request.params.device_id));
  });

  route(app, ops.lock, async (request) =>
    ok(await setLock(app, request.scope, request.params.device_id, request.body.pin)),
  );
};
