import { customDomainOperations as domains, systemPropertyOperations as properties } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { deleteDomain, domainList, saveDomain } from './custom-domains';
import { deleteProperty, propertyList, saveProperty } from './system-properties';

// Custom domains and system properties under /backend/manager/sys; paths, schemas and access are the contract's.
export const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bus tells every instance after the commit; this one forgets at once, so its next page is current.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') app.hostBrands.clear();
  });
  route(app, domains.list, async (request) => ok(await domainList(app.db, request.scope)));
  route(app, domains.create, async (request) => ok(await saveDomain(app, request.scope, null, request.body)));
  route(app, domains.update, async (request) =>
    ok(await saveDomain(app, request.scope, request.params.id, request.body)),
  );
  route(app, domains.delete, async (request) =>
    ok(await deleteDomain(app, request.scope, request.params.id)),
  );

  route(app, properties.list, async (request) => ok(await propertyList(app.db, request.scope)));
  route(app, properties.create, async (request) =>
    ok(await saveProperty(app, request.scope, null, request.body)),
  );
  route(app, properties.update, async (request) =>
    ok(await saveProperty(app, request.scope, request.params.id, request.body)),
  );
  route(app, properties.delete, async (request) =>
    ok(await deleteProperty(app, request.scope, request.params.id)),
  );
};
