import { deviceModelOperations, deviceOperations as ops } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { commandRoutes } from './command-routes';
import {
  addDevice,
  assignModel,
  deleteDevices,
  deviceDetail,
  deviceList,
  editDevice,
  moveDevices,
} from './service';
import { deviceTimerRoutes } from './timer-routes';

// Devices under /backend/manager/device: the contract's operations.

// Adding tries a PIN: counted per user after validation, so a typo costs nothing.
const ADD_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `device-add:${request.user.userId}`,
} as const;

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(commandRoutes);

  route(app, ops.list, async (request) => ok(await deviceList(app.db, request.scope, request.query)));

  route(app, ops.add, async (request) => ok(await addDevice(app, request.scope, request.body)), {
    config: { rateLimit: ADD_LIMIT },
  });

  route(app, ops.deleteMany, async (request) =>
    ok(await deleteDevices(app, request.scope, request.body.ids)),
  );

  route(app, ops.move, async (request) =>
    ok(await moveDevices(app, request.scope, request.body.ids, request.body.group_id)),
  );

  route(app, ops.detail, async (request) =>
    ok(await deviceDetail(app.db, request.scope, request.params.device_id)),
  );

  route(app, ops.update, async (request) =>
    ok(await editDevice(app, request.scope, request.params.device_id, request.body)),
  );

  route(app, ops.delete, async (request) =>
    ok(await deleteDevices(app, request.scope, [request.params.device_id])),
  );

  // Which model devices are: the catalogue is device-model's, the devices are this module's.
  route(app, deviceModelOperations.assign, async (request) =>
    ok(await assignModel(app, request.scope, request.body.device_ids, request.body.model_id)),
  );

  await app.register(deviceTimerRoutes);
};
