import { mailOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import {
  mailServerState,
  removeMailServer,
  saveMailServer,
  sendTest,
  serverToTry,
  testMessage,
} from './server-setting';
import {
  previewTemplate,
  resetTemplate,
  saveTemplate,
  templateDetail,
  templateList,
  testTemplate,
} from './templates';

// The mail server and templates under /backend/manager/sys/mail: the contract's operations.
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.server, async () => ok(await mailServerState(app)));
  route(app, ops.saveServer, async (request) => ok(await saveMailServer(app, request.body)));
  route(app, ops.removeServer, async () => ok(await removeMailServer(app)));
  route(app, ops.testServer, async (request) => {
    const server = request.body.server && (await serverToTry(app, request.body.server));
    const mail = testMessage(request.user, request.body.to ?? request.user.email);
    return ok(await sendTest(app, request.user, mail, server));
  });

  route(app, ops.templates, async () => ok(await templateList(app)));
  route(app, ops.template, async (request) => ok(await templateDetail(app, request.params)));
  route(app, ops.saveTemplate, async (request) => ok(await saveTemplate(app, request.params, request.body)));
  route(app, ops.resetTemplate, async (request) => ok(await resetTemplate(app, request.params)));
  route(app, ops.previewTemplate, async (request) => ok(previewTemplate(request.params, request.body)));
  route(app, ops.testTemplate, async (request) =>
    ok(await testTemplate(app, request.user, request.params, request.body)),
  );
};
