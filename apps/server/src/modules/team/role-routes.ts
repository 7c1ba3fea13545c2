import { rolePermissionOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { permissionMatrix, savePermissions } from './roles';

// The role → permission matrix (/setting/permission): the contract's operations.

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async () => ok(await permissionMatrix(app)));

  route(app, ops.save, async (request) =>
    ok(await savePermissions(app, request.params.role_id, request.body.permissions)),
  );
};
