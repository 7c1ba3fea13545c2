import {
  deviceAddRequestSchema,
  deviceEditRequestSchema,
  deviceItemSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceMoveRequestSchema,
  idSchema,
  idsRequestSchema,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { commandRoutes } from './command-routes';
import { addDevice, deleteDevices, deviceDetail, deviceList, editDevice, moveDevices } from './service';
import { deviceTimerRoutes } from './timer-routes';

// Devices under /backend/manager/device (ARCHITECTURE §5): the list and its writes need
// device:dev:list, one device's page device:dev:info.

const params = z.object({ device_id: idSchema });

// Adding tries a PIN: counted per user after validation, so a typo costs nothing.
const ADD_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `device-add:${request.user.userId}`,
} as const;

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(commandRoutes);

  app.get(
    '/device',
    {
      config: { access: 'device:dev:list' },
      schema: { querystring: deviceListQuerySchema, response: responses(deviceListSchema) },
    },
    async (request) => ok(await deviceList(app.db, request.scope, request.query)),
  );

  app.post(
    '/device',
    {
      config: { access: 'device:dev:list', rateLimit: ADD_LIMIT },
      schema: { body: deviceAddRequestSchema, response: responses(deviceItemSchema) },
    },
    async (request) => ok(await addDevice(app, request.scope, request.body)),
  );

  app.delete(
    '/device',
    {
      config: { access: 'device:dev:list' },
      schema: { body: idsRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await deleteDevices(app, request.scope, request.body.ids)),
  );

  app.post(
    '/device/move',
    {
      config: { access: 'device:dev:list' },
      schema: { body: deviceMoveRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await moveDevices(app, request.scope, request.body.ids, request.body.group_id)),
  );

  app.get(
    '/device/:device_id',
    {
      config: { access: 'device:dev:info' },
      schema: { params, response: responses(deviceItemSchema) },
    },
    async (request) => ok(await deviceDetail(app.db, request.scope, request.params.device_id)),
  );

  app.put(
    '/device/:device_id',
    {
      config: { access: 'device:dev:info' },
      schema: { params, body: deviceEditRequestSchema, response: responses(deviceItemSchema) },
    },
    async (request) => ok(await editDevice(app, request.scope, request.params.device_id, request.body)),
  );

  app.delete(
    '/device/:device_id',
    {
      config: { access: 'device:dev:list' },
      schema: { params, response: responses(empty) },
    },
    async (request) => ok(await deleteDevices(app, request.scope, [request.params.device_id])),
  );

  await app.register(deviceTimerRoutes);
};
