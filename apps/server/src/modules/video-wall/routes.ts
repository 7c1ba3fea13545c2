import { videoWallContentOperations as contentOps, videoWallOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import {
  createWallContent,
  deleteWallContents,
  editWallContent,
  wallContentDetail,
  wallContentList,
} from './wall-contents';
import { createWall, deleteWalls, editWall, wallDetail, wallDevices, wallList } from './walls';

// Walls under /backend/manager/video-wall and wall content under /backend/manager/video-wall-content;
// paths, schemas and access are the contract's.

export const videoWallRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await wallList(app.db, request.scope, request.query)));
  route(app, ops.devices, async (request) =>
    ok(await wallDevices(app.db, request.scope, request.query.group_id)),
  );
  route(app, ops.detail, async (request) => ok(await wallDetail(app.db, request.scope, request.params.id)));
  route(app, ops.create, async (request) => ok(await createWall(app, request.scope, request.body)));
  route(app, ops.edit, async (request) =>
    ok(await editWall(app, request.scope, request.params.id, request.body)),
  );
  route(app, ops.deleteMany, async (request) => ok(await deleteWalls(app, request.scope, request.body.ids)));

  route(app, contentOps.list, async (request) =>
    ok(await wallContentList(app.db, request.scope, request.query)),
  );
  route(app, contentOps.walls, async (request) => ok(await wallList(app.db, request.scope, request.query)));
  route(app, contentOps.detail, async (request) =>
    ok(await wallContentDetail(app.db, request.scope, request.params.id)),
  );
  route(app, contentOps.create, async (request) =>
    ok(await createWallContent(app, request.scope, request.body)),
  );
  route(app, contentOps.edit, async (request) =>
    ok(await editWallContent(app, request.scope, request.params.id, request.body)),
  );
  route(app, contentOps.deleteMany, async (request) =>
    ok(await deleteWallContents(app, request.scope, request.body.ids, request.body.detach)),
  );
};
