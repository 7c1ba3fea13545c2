import {
  companyListQuerySchema,
  companyListSchema,
  createCustomerRequestSchema,
  customerItemSchema,
  customerListQuerySchema,
  customerListSchema,
  customerOptionsSchema,
  customerParamsSchema,
  memberListQuerySchema,
  pageQuerySchema,
  teamDeviceListSchema,
  updateCustomerRequestSchema,
  userListSchema,
} from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companies, devices, users } from '../../db/schema';
import { empty, ok, responses } from '../../platform/envelope';
import { listCompanies } from './companies';
import {
  ADMIN_ROLES,
  createCustomer,
  customerDetail,
  customerList,
  customerOptions,
  deleteCustomer,
  MEMBER_ROLES,
  updateCustomer,
} from './customers';
import { listUsers, visibleUsers } from './users';

// Customers (system integrators), spec 000 §7: platform roles only (team:cus:list).
const access = 'team:cus:list' as const;

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer',
    {
      config: { access },
      schema: { querystring: customerListQuerySchema, response: responses(customerListSchema) },
    },
    async (request) => ok(await customerList(app, request.scope, request.query)),
  );

  app.post(
    '/customer',
    {
      config: { access },
      schema: { body: createCustomerRequestSchema, response: responses(customerItemSchema) },
    },
    async (request) => ok(await createCustomer(app, request.scope, request.body, request.lang)),
  );

  app.get(
    '/customer/all-list',
    { config: { access }, schema: { response: responses(customerOptionsSchema) } },
    async (request) => ok(await customerOptions(app, request.scope)),
  );

  app.put(
    '/customer/:customer_id',
    {
      config: { access },
      schema: {
        params: customerParamsSchema,
        body: updateCustomerRequestSchema,
        response: responses(customerItemSchema),
      },
    },
    async (request) => ok(await updateCustomer(app, request.scope, request.params.customer_id, request.body)),
  );

  app.delete(
    '/customer/:customer_id',
    { config: { access }, schema: { params: customerParamsSchema, response: responses(empty) } },
    async (request) => ok(await deleteCustomer(app, request.scope, request.params.customer_id)),
  );

  // The customer's companies' people, devices and companies.
  const ofCustomer = (customerId: number) =>
    inArray(
      users.companyId,
      app.db.select({ id: companies.id }).from(companies).where(eq(companies.customerId, customerId)),
    );

  app.get(
    '/customer/:customer_id/user-admin-list',
    {
      config: { access },
      schema: {
        params: customerParamsSchema,
        querystring: memberListQuerySchema,
        response: responses(userListSchema),
      },
    },
    async (request) => {
      const { customer_id } = request.params;
      await customerDetail(app.db, request.scope, customer_id);
      const conditions = [
        ofCustomer(customer_id),
        inArray(users.roleId, [...ADMIN_ROLES]),
        visibleUsers(request.scope),
      ];
      return ok(await listUsers(app.db, conditions, request.query));
    },
  );

  app.get(
    '/customer/:customer_id/member-list',
    {
      config: { access },
      schema: {
        params: customerParamsSchema,
        querystring: memberListQuerySchema,
        response: responses(userListSchema),
      },
    },
    async (request) => {
      const { customer_id } = request.params;
      await customerDetail(app.db, request.scope, customer_id);
      const conditions = [
        ofCustomer(customer_id),
        inArray(users.roleId, [...MEMBER_ROLES]),
        visibleUsers(request.scope),
      ];
      return ok(await listUsers(app.db, conditions, request.query));
    },
  );

  app.get(
    '/customer/:customer_id/company-list',
    {
      config: { access },
      schema: {
        params: customerParamsSchema,
        querystring: companyListQuerySchema.omit({ customer_id: true }),
        response: responses(companyListSchema),
      },
    },
    async (request) => {
      const { customer_id } = request.params;
      await customerDetail(app.db, request.scope, customer_id);
      const conditions = [eq(companies.customerId, customer_id), request.scope.companyFilter(companies.id)];
      return ok(await listCompanies(app.db, conditions, request.query));
    },
  );

  app.get(
    '/customer/:customer_id/device-list',
    {
      config: { access },
      schema: {
        params: customerParamsSchema,
        querystring: pageQuerySchema,
        response: responses(teamDeviceListSchema),
      },
    },
    async (request) => {
      const { customer_id } = request.params;
      await customerDetail(app.db, request.scope, customer_id);
      const ofCustomer = inArray(
        devices.companyId,
        app.db.select({ id: companies.id }).from(companies).where(eq(companies.customerId, customer_id)),
      );
      return ok(await app.teamDevices.list(app.db, request.scope, ofCustomer, request.query));
    },
  );
};
