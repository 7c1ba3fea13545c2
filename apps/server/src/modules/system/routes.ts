import { systemOperations as ops, type SystemSettings, type SystemSettingsValues } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { type ProcessRegistry, serverList } from './processes';

const present = (app: FastifyInstance, values: SystemSettingsValues): SystemSettings => ({
  ...values,
  configured_public_url: app.config.publicUrl,
});

// The servers page and the system settings under /backend; paths, schemas and access are the contract's.
export function systemRoutes(registry: ProcessRegistry): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ops.servers, async () => ok({ list: await serverList(app, registry.id) }));
    route(app, ops.settings, async () => ok(present(app, app.systemSettings.current)));
    route(app, ops.saveSettings, async (request) =>
      ok(present(app, await app.systemSettings.save(request.body))),
    );
    route(app, ops.registration, async () => ok({ open: app.systemSettings.current.registration_open }));
  };
}
