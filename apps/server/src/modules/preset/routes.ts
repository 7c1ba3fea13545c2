import { presetOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { applyPreset, presetApplicationList } from './apply';
import { createPreset, deletePresets, editPreset, presetItem, presetList } from './presets';

// Presets under /backend/manager/preset (/device/preset-setting); paths, schemas and access are the contract's.
export const presetRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await presetList(app.db, request.scope, request.query)));
  route(app, ops.create, async (request) => ok(await createPreset(app, request.scope, request.body)));
  route(app, ops.deleteMany, async (request) =>
    ok(await deletePresets(app, request.scope, request.body.ids)),
  );
  route(app, ops.detail, async (request) => ok(await presetItem(app.db, request.scope, request.params.id)));
  route(app, ops.update, async (request) =>
    ok(await editPreset(app, request.scope, request.params.id, request.body)),
  );
  route(app, ops.apply, async (request) =>
    ok(await applyPreset(app, request.scope, request.params.id, request.body.device_ids)),
  );
  route(app, ops.applications, async (request) =>
    ok(await presetApplicationList(app.db, request.scope, request.params.id)),
  );
};
