import {
  CompanyOrigin,
  categoryItemSchema,
  categoryListSchema,
  categoryParamsSchema,
  categoryRequestSchema,
  companyEditParamsSchema,
  companyGroupParamsSchema,
  companyIdParamsSchema,
  companyItemSchema,
  companyListQuerySchema,
  companyListSchema,
  createCompanyRequestSchema,
  deleteCategoryRequestSchema,
  memberListQuerySchema,
  pageQuerySchema,
  teamContentListSchema,
  teamDeviceListSchema,
  ungroupParamsSchema,
  updateCompanyRequestSchema,
  userListSchema,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices, users } from '../../db/schema';
import { empty, ok, responses } from '../../platform/envelope';
import { categoryList, createCategory, deleteCategory, renameCategory, ungroupUser } from './categories';
import { companyDetail, companyList, createCompany, deleteCompany, updateCompany } from './companies';
import { listUsers, visibleUsers } from './users';

// Companies (the spec's "group") and the user groups (categories) inside the caller's company.
// In group/{group_id}/… the id is the company's.
const access = 'team:group:list' as const;

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = [
    ['/group', undefined],
    ['/group/sys-generation', CompanyOrigin.platform],
    ['/group/user-generation', CompanyOrigin.customer],
  ] as const;
  for (const [url, origin] of lists) {
    app.get(
      url,
      {
        config: { access },
        schema: { querystring: companyListQuerySchema, response: responses(companyListSchema) },
      },
      async (request) => ok(await companyList(app, request.scope, request.query, origin)),
    );
  }

  app.post(
    '/group',
    {
      config: { access },
      schema: { body: createCompanyRequestSchema, response: responses(companyItemSchema) },
    },
    async (request) => ok(await createCompany(app, request.scope, request.body, request.lang)),
  );

  app.get(
    '/group/:id',
    { config: { access }, schema: { params: companyIdParamsSchema, response: responses(companyItemSchema) } },
    async (request) => ok(await companyDetail(app.db, request.scope, request.params.id)),
  );

  app.put(
    '/group/:company_id',
    {
      config: { access },
      schema: {
        params: companyEditParamsSchema,
        body: updateCompanyRequestSchema,
        response: responses(companyItemSchema),
      },
    },
    async (request) => ok(await updateCompany(app, request.scope, request.params.company_id, request.body)),
  );

  app.delete(
    '/group/:id',
    { config: { access }, schema: { params: companyIdParamsSchema, response: responses(empty) } },
    async (request) => ok(await deleteCompany(app, request.scope, request.params.id)),
  );

  app.get(
    '/group/:group_id/member-list',
    {
      config: { access },
      schema: {
        params: companyGroupParamsSchema,
        querystring: memberListQuerySchema,
        response: responses(userListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await companyDetail(app.db, request.scope, group_id);
      const conditions = [eq(users.companyId, group_id), visibleUsers(request.scope)];
      return ok(await listUsers(app.db, conditions, request.query));
    },
  );

  app.get(
    '/group/:group_id/device-list',
    {
      config: { access },
      schema: {
        params: companyGroupParamsSchema,
        querystring: pageQuerySchema,
        response: responses(teamDeviceListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await companyDetail(app.db, request.scope, group_id);
      return ok(
        await app.teamDevices.list(app.db, request.scope, eq(devices.companyId, group_id), request.query),
      );
    },
  );

  app.get(
    '/group/:group_id/content',
    {
      config: { access },
      schema: {
        params: companyGroupParamsSchema,
        querystring: pageQuerySchema,
        response: responses(teamContentListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await companyDetail(app.db, request.scope, group_id);
      return ok(await app.teamContent.list(app.db, request.scope, { companyId: group_id }, request.query));
    },
  );

  app.get(
    '/group/category',
    { config: { access }, schema: { response: responses(categoryListSchema) } },
    async (request) => ok(await categoryList(app, request.scope)),
  );

  app.post(
    '/group/category',
    { config: { access }, schema: { body: categoryRequestSchema, response: responses(categoryItemSchema) } },
    async (request) => ok(await createCategory(app, request.scope, request.body.name)),
  );

  app.put(
    '/group/category/:category_id',
    {
      config: { access },
      schema: {
        params: categoryParamsSchema,
        body: categoryRequestSchema,
        response: responses(categoryItemSchema),
      },
    },
    async (request) =>
      ok(await renameCategory(app, request.scope, request.params.category_id, request.body.name)),
  );

  app.delete(
    '/group/category/:category_id',
    {
      config: { access },
      schema: { params: categoryParamsSchema, body: deleteCategoryRequestSchema, response: responses(empty) },
    },
    async (request) =>
      ok(await deleteCategory(app, request.scope, request.params.category_id, request.body ?? {})),
  );

  app.delete(
    '/group/category/ungroup/:id',
    { config: { access }, schema: { params: ungroupParamsSchema, response: responses(empty) } },
    async (request) => ok(await ungroupUser(app, request.scope, request.params.id)),
  );
};
