import { licenseOperations as ops, licenseRemindOperations as remindOps } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { bindLicense } from './bindings';
import { licenseHealth } from './health';
import { bindByKey, createKey, keyList, searchKey } from './keys';
import {
  assign,
  batchList,
  createBatch,
  issue,
  poolOfCaller,
  transferDetail,
  transferList,
} from './licenses';
import { remindState, saveRemind } from './remind';
import { deviceLicenseStates } from './state';
import { saveTrialTerms, trialDevices, trialTerms, trialUsage } from './trials';
import { whitelistAdd, whitelistDelete, whitelistList } from './whitelist';

// Licences under /backend/manager/license (the /license pages): the contract's operations.

export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.batchList, async (request) => ok(await batchList(app.db, request.query)));

  route(app, ops.batchCreate, async (request) => ok(await createBatch(app, request.scope, request.body)));

  route(app, ops.issue, async (request) =>
    ok(await issue(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.customerPool, async (request) => ok(await poolOfCaller(app.db, request.scope)));

  route(app, ops.assign, async (request) => ok(await assign(app, request.scope, request.body)));

  route(app, ops.companyPool, async (request) => ok(await poolOfCaller(app.db, request.scope)));

  route(app, ops.transferList, async (request) =>
    ok(await transferList(app.db, request.scope, request.query)),
  );

  route(app, ops.health, async () => ok(await licenseHealth(app.db)));

  route(app, ops.transferDetail, async (request) =>
    ok(await transferDetail(app.db, request.scope, request.params.id)),
  );

  route(app, ops.bind, async (request) => ok(await bindLicense(app, request.scope, request.body)));

  route(app, ops.deviceLicenses, async (request) =>
    ok(await deviceLicenseStates(app.db, request.scope, request.query.device_ids)),
  );

  route(app, ops.trialTerms, async () => ok(await trialTerms(app.db)));

  route(app, ops.trialTermsSave, async (request) =>
    ok(await saveTrialTerms(app, request.scope, request.body)),
  );

  route(app, ops.trialUsage, async (request) => ok(await trialUsage(app.db, request.scope, request.query)));

  route(app, ops.trialDevices, async (request) =>
    ok(await trialDevices(app.db, request.scope, request.query)),
  );
  route(app, ops.keyCreate, async (request) =>
    ok(await createKey(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.keyList, async (request) => ok(await keyList(app.db, request.params.id)));

  route(app, ops.keySearch, async (request) =>
    ok(await searchKey(app.db, request.scope, request.query.key, request.ip)),
  );

  route(app, ops.keyBind, async (request) =>
    ok(await bindByKey(app, request.scope, request.body, request.ip)),
  );
  route(app, ops.whitelistList, async (request) => ok(await whitelistList(app.db, request.query)));

  route(app, ops.whitelistAdd, async (request) => ok(await whitelistAdd(app, request.scope, request.body)));

  route(app, ops.whitelistDelete, async (request) => ok(await whitelistDelete(app.db, request.body.ids)));
  route(app, remindOps.remind, async (request) => ok(await remindState(app.db, request.scope)));

  route(app, remindOps.saveRemind, async (request) => ok(await saveRemind(app, request.scope, request.body)));
};
