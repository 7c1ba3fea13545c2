import fp from 'fastify-plugin';
import { licenseRoutes } from './routes';

/** Licences: batches, the ledger down the tenancy, and the licence each device holds (docs/license.md). */
export const licenseModule = fp(
  async (app) => {
    await app.register(licenseRoutes, { prefix: '/backend/manager' });
  },
  { name: 'license', dependencies: ['setting'] },
);
