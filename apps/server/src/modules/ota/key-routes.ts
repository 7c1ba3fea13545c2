import { otaKeyOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { appKeyList, createAppKey, deleteAppKeys, rotateAppKey } from './app-keys';
import { deviceKeyList, issueDeviceKeys, revokeDeviceKeys } from './device-keys';
import { createExemption, deleteExemptions, exemptionList } from './exemptions';

// App keys, validation exemptions and device keys under /backend/manager/ota (the /ota/appkey,
// /ota/validation-exemption and /ota/device-key pages); paths, schemas and access are the contract's.
export const otaKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.appKeyList, async (request) => ok(await appKeyList(app.db, request.scope, request.query)));
  route(app, ops.appKeyCreate, async (request) =>
    ok(await createAppKey(app.db, request.scope, request.body)),
  );
  route(app, ops.appKeyRotate, async (request) =>
    ok(await rotateAppKey(app.db, request.scope, request.params.id)),
  );
  route(app, ops.appKeyDeleteMany, async (request) =>
    ok(await deleteAppKeys(app.db, request.scope, request.body.ids)),
  );
  route(app, ops.exemptionList, async (request) =>
    ok(await exemptionList(app.db, request.scope, request.query)),
  );
  route(app, ops.exemptionCreate, async (request) =>
    ok(await createExemption(app.db, request.scope, request.body)),
  );
  route(app, ops.exemptionDeleteMany, async (request) =>
    ok(await deleteExemptions(app.db, request.scope, request.body.ids)),
  );
  route(app, ops.deviceKeyList, async (request) =>
    ok(await deviceKeyList(app.db, request.scope, request.query)),
  );
  route(app, ops.deviceKeyIssue, async (request) =>
    ok(await issueDeviceKeys(app.db, request.scope, request.body.device_ids)),
  );
  route(app, ops.deviceKeyRevoke, async (request) =>
    ok(await revokeDeviceKeys(app.db, request.scope, request.body.ids)),
  );
};
