import { customerOperations as ops } from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companies, devices, users } from '../../db/schema';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
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

// Customers (system integrators), spec 000 §7: the contract's operations (platform roles only).

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await customerList(app, request.scope, request.query)));

  route(app, ops.create, async (request) =>
    ok(await createCustomer(app, request.scope, request.body, request.lang)),
  );

  route(app, ops.options, async (request) => ok(await customerOptions(app, request.scope)));

  route(app, ops.update, async (request) =>
    ok(await updateCustomer(app, request.scope, request.params.customer_id, request.body)),
  );

  route(app, ops.delete, async (request) =>
    ok(await deleteCustomer(app, request.scope, request.params.customer_id)),
  );

  // The customer's companies (as a subquery on their ids).
  const companiesOf = (customerId: number) =>
    app.db.select({ id: companies.id }).from(companies).where(eq(companies.customerId, customerId));

  route(app, ops.userAdmins, async (request) => {
    const { customer_id } = request.params;
    await customerDetail(app.db, request.scope, customer_id);
    const conditions = [
      inArray(users.companyId, companiesOf(customer_id)),
      inArray(users.roleId, [...ADMIN_ROLES]),
      visibleUsers(request.scope),
    ];
    return ok(await listUsers(app.db, conditions, request.query));
  });

  route(app, ops.members, async (request) => {
    const { customer_id } = request.params;
    await customerDetail(app.db, request.scope, customer_id);
    const conditions = [
      inArray(users.companyId, companiesOf(customer_id)),
      inArray(users.roleId, [...MEMBER_ROLES]),
      visibleUsers(request.scope),
    ];
    return ok(await listUsers(app.db, conditions, request.query));
  });

  route(app, ops.companies, async (request) => {
    const { customer_id } = request.params;
    await customerDetail(app.db, request.scope, customer_id);
    const conditions = [eq(companies.customerId, customer_id), request.scope.companyFilter(companies.id)];
    return ok(await listCompanies(app.db, conditions, request.query));
  });

  route(app, ops.devices, async (request) => {
    const { customer_id } = request.params;
    await customerDetail(app.db, request.scope, customer_id);
    const ofCustomer = inArray(devices.companyId, companiesOf(customer_id));
    return ok(await app.teamDevices.list(app.db, request.scope, ofCustomer, request.query));
  });
};
