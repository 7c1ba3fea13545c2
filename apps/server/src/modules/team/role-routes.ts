import {
  roleParamsSchema,
  rolePermissionItemSchema,
  rolePermissionListSchema,
  updateRolePermissionRequestSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../platform/envelope';
import { permissionMatrix, savePermissions } from './roles';

// The role → permission matrix (/setting/permission), edited by the system role within ceilings.
const access = 'setting:pms' as const;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/role/permission',
    { config: { access }, schema: { response: responses(rolePermissionListSchema) } },
    async () => ok(await permissionMatrix(app)),
  );

  app.put(
    '/role/permission/:role_id',
    {
      config: { access },
      schema: {
        params: roleParamsSchema,
        body: updateRolePermissionRequestSchema,
        response: responses(rolePermissionItemSchema),
      },
    },
    async (request) => ok(await savePermissions(app, request.params.role_id, request.body.permissions)),
  );
};
