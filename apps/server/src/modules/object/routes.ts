import { sensorIconOperations as icons, objectOperations as ops, settingOperations } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { saveBrandImages } from './brand-images';
import { deleteObject } from './objects';
import { deleteSensorIcon, saveSensorIcon, sensorIcons } from './sensor-icons';

// Stored objects under /backend/manager/resource/object, the sensor-type icons under
// /backend/manager/iot-device/icon, and the saving of brand images (which become stored objects);
// paths, schemas and access are the contract's.
export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bus tells every instance after the commit; this one forgets at once, so its next page is current.
  route(app, settingOperations.saveLogo, async (request) => {
    const saved = await saveBrandImages(app, request.user, request.body);
    app.hostBrands.clear();
    return ok(saved);
  });
  route(app, ops.delete, async (request) => ok(await deleteObject(app, request, request.body.id)));
  route(app, icons.list, async (request) => ok(await sensorIcons(app.db, request.scope)));
  route(app, icons.save, async (request) => ok(await saveSensorIcon(app, request.scope, request.body)));
  route(app, icons.delete, async (request) =>
    ok(await deleteSensorIcon(app, request.scope, request.body.type)),
  );
};
