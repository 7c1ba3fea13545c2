import { otaOperations as ops, otaDeviceOperations } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { partRoute } from '../upload';
import { approveUpgrades } from './approvals';
import { otaLog } from './log';
import {
  createPackage,
  deletePackages,
  editPackage,
  initPackageUpload,
  packageDetail,
  packageList,
} from './packages';
import { otaCount, otaDeviceList } from './upgrades';

// OTA under /backend/manager/ota (the /ota pages); paths, schemas and access are the contract's.
export const otaRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.packageList, async (request) => ok(await packageList(app.db, request.scope, request.query)));
  route(app, ops.packageUploadInit, async (request) =>
    ok(await initPackageUpload(app, request.scope, request.body)),
  );
  partRoute(app, ops.packageUploadPart, 'package');
  route(app, ops.packageCreate, async (request) => ok(await createPackage(app, request.scope, request.body)));
  route(app, ops.packageDetail, async (request) =>
    ok(await packageDetail(app.db, request.scope, request.params.id)),
  );
  route(app, ops.packageEdit, async (request) =>
    ok(await editPackage(app, request.scope, request.params.id, request.body)),
  );
  route(app, ops.packageDeleteMany, async (request) =>
    ok(await deletePackages(app, request.scope, request.body.ids)),
  );
  route(app, otaDeviceOperations.deviceList, async (request) =>
    ok(await otaDeviceList(app.db, request.scope, request.query)),
  );
  route(app, otaDeviceOperations.count, async (request) => ok(await otaCount(app.db, request.scope)));
  route(app, otaDeviceOperations.upgrade, async (request) =>
    ok(await approveUpgrades(app, request.scope, request.body.device_ids)),
  );
  route(app, otaDeviceOperations.log, async (request) =>
    ok(await otaLog(app.db, request.scope, request.query)),
  );
};
