import { sensorOperations as ops, sensorReadOperation } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { makeSensorSecret, relaySensorRead, removeSensorSecret } from './secrets';
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
  route(app, ops.makeSecret, async (request) =>
    ok(await makeSensorSecret(app.db, request.scope, request.params.id)),
  );
  route(app, ops.removeSecret, async (request) =>
    ok(await removeSensorSecret(app.db, request.scope, request.params.id)),
  );
};

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A networked sensor's read, under /backend: a shop's sensors behind one address read at a
 * person's pace, so a sensor (or a guesser of secrets) gets a read every 100 ms per address.
 */
const READ_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

export const sensorReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    sensorReadOperation,
    async (request) => {
      const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
      return ok(await relaySensorRead(app.db, secret, request.body.sensor_id));
    },
    { config: { rateLimit: READ_LIMIT } },
  );
};
