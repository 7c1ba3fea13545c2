import { sensorOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { createSensor, deleteSensors, sensorDetail, sensorList, updateSensor } from './sensors';

// Sensors under /backend/manager/iot-device (/device/sensors); paths, schemas and access are the contract's.
export const sensorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await sensorList(app.db, request.scope, request.query)));
  route(app, ops.create, async (request) => ok(await createSensor(app, request.scope, request.body)));
  route(app, ops.detail, async (request) => ok(await sensorDetail(app.db, request.scope, request.params.id)));
  route(app, ops.update, async (request) =>
    ok(await updateSensor(app, request.scope, request.params.id, request.body)),
  );
  route(app, ops.deleteMany, async (request) =>
    ok(await deleteSensors(app, request.scope, request.body.ids, request.body.detach)),
  );
};
