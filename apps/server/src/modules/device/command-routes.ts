import { deviceParamsSchema, deviceOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { commandDevice, commandDevices, deviceCommand, recentCommands } from './commands';
import { readScreenshot } from './screenshot';
import { deviceDetail } from './service';

// Remote control under /backend/manager/device: the contract's operations, and the screenshot.

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.batchCommand, async (request) =>
    ok(await commandDevices(app, request.scope, request.user.userId, request.body.ids, request.body.command)),
  );

  route(app, ops.command, async (request) =>
    ok(await commandDevice(app, request.scope, request.user.userId, request.params.device_id, request.body)),
  );

  route(app, ops.commands, async (request) =>
    ok(await recentCommands(app.db, request.scope, request.params.device_id)),
  );

  route(app, ops.commandStatus, async (request) =>
    ok(await deviceCommand(app.db, request.scope, request.params.device_id, request.params.command_id)),
  );

  // The image itself, not an envelope (an <img> shows it); errors still answer as envelopes.
  app.get(
    '/device/:device_id/screenshot',
    { config: { access: 'device:dev:info' }, schema: { params: deviceParamsSchema } },
    async (request, reply) => {
      // In scope first: the file alone would not say whose it is.
      await deviceDetail(app.db, request.scope, request.params.device_id);
      const { bytes, type } = await readScreenshot(app.storage, request.params.device_id);
      return reply.type(type).send(bytes);
    },
  );
};
