import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyRoutes } from './company-routes';
import { customerRoutes } from './customer-routes';
import { roleRoutes } from './role-routes';
import { userRoutes } from './user-routes';
import { workspaceRoutes } from './workspace-routes';

// The team area (spec 000 §7 "Workspaces" and "Users, groups, customers"), registered under
// /backend/manager/account. Every handler gets its tenant scope from request.scope.
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerRoutes);
  await app.register(companyRoutes);
  await app.register(userRoutes);
  await app.register(workspaceRoutes);
  await app.register(roleRoutes);
};
