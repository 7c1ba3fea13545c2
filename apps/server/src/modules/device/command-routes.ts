import {
  deviceBatchCommandRequestSchema,
  deviceCommandItemSchema,
  deviceCommandListSchema,
  deviceCommandSchema,
  idSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../platform/envelope';
import { commandDevice, commandDevices, deviceCommand, recentCommands } from './commands';
import { readScreenshot } from './screenshot';
import { deviceDetail } from './service';

// Remote control under /backend/manager/device (ARCHITECTURE §5): one device's commands and
// screenshot need device:dev:info, a command to several devices device:dev:list.

const params = z.object({ device_id: idSchema });
const commandParams = params.extend({ command_id: idSchema });

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/device/command',
    {
      config: { access: 'device:dev:list' },
      schema: { body: deviceBatchCommandRequestSchema, response: responses(deviceCommandListSchema) },
    },
    async (request) =>
      ok(
        await commandDevices(app, request.scope, request.user.userId, request.body.ids, request.body.command),
      ),
  );

  app.post(
    '/device/:device_id/command',
    {
      config: { access: 'device:dev:info' },
      schema: { params, body: deviceCommandSchema, response: responses(deviceCommandItemSchema) },
    },
    async (request) =>
      ok(
        await commandDevice(app, request.scope, request.user.userId, request.params.device_id, request.body),
      ),
  );

  app.get(
    '/device/:device_id/command',
    {
      config: { access: 'device:dev:info' },
      schema: { params, response: responses(deviceCommandListSchema) },
    },
    async (request) => ok(await recentCommands(app.db, request.scope, request.params.device_id)),
  );

  app.get(
    '/device/:device_id/command/:command_id',
    {
      config: { access: 'device:dev:info' },
      schema: { params: commandParams, response: responses(deviceCommandItemSchema) },
    },
    async (request) =>
      ok(await deviceCommand(app.db, request.scope, request.params.device_id, request.params.command_id)),
  );

  // The image itself, not an envelope (an <img> shows it); errors still answer as envelopes.
  app.get(
    '/device/:device_id/screenshot',
    { config: { access: 'device:dev:info' }, schema: { params } },
    async (request, reply) => {
      // In scope first: the file alone would not say whose it is.
      await deviceDetail(app.db, request.scope, request.params.device_id);
      const { bytes, type } = await readScreenshot(app.config.dataDir, request.params.device_id);
      return reply.type(type).send(bytes);
    },
  );
};
