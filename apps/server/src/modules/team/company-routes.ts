import { CompanyOrigin, categoryOperations, companyOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices, users } from '../../db/schema';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { categoryList, createCategory, deleteCategory, renameCategory, ungroupUser } from './categories';
import { companyDetail, companyList, createCompany, deleteCompany, updateCompany } from './companies';
import { holdingRoutes } from './group-holdings';

// Companies (the spec's "group") and the user groups (categories) inside the caller's company:
// the contract's operations. In group/{group_id}/… the id is the company's.

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await companyList(app, request.scope, request.query)));
  route(app, ops.platformList, async (request) =>
    ok(await companyList(app, request.scope, request.query, CompanyOrigin.platform)),
  );
  route(app, ops.customerList, async (request) =>
    ok(await companyList(app, request.scope, request.query, CompanyOrigin.customer)),
  );

  route(app, ops.create, async (request) => ok(await createCompany(app, request.scope, request.body)));

  route(app, ops.detail, async (request) =>
    ok(await companyDetail(app.db, request.scope, request.params.id)),
  );

  route(app, ops.update, async (request) =>
    ok(await updateCompany(app, request.scope, request.params.company_id, request.body)),
  );

  route(app, ops.delete, async (request) => ok(await deleteCompany(app, request.scope, request.params.id)));

  holdingRoutes(app, ops, {
    check: companyDetail,
    userColumn: users.companyId,
    deviceColumn: devices.companyId,
    contentHolder: (companyId) => ({ companyId }),
  });

  route(app, categoryOperations.list, async (request) => ok(await categoryList(app, request.scope)));

  route(app, categoryOperations.create, async (request) =>
    ok(await createCategory(app, request.scope, request.body.name)),
  );

  route(app, categoryOperations.rename, async (request) =>
    ok(await renameCategory(app, request.scope, request.params.category_id, request.body.name)),
  );

  route(app, categoryOperations.delete, async (request) =>
    ok(await deleteCategory(app, request.scope, request.params.category_id, request.body ?? {})),
  );

  route(app, categoryOperations.ungroup, async (request) =>
    ok(await ungroupUser(app, request.scope, request.params.id)),
  );
};
