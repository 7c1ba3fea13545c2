import fp from 'fastify-plugin';
import { licenseRoutes } from './routes';
import { grantTrial } from './trials';

/** Licences: batches, the ledger down the tenancy, and the licence each device holds (docs/license.md). */
export const licenseModule = fp(
  async (app) => {
    // A newly claimed screen gets a trial licence inside the claim's transaction.
    app.deviceClaims.register(grantTrial);
    await app.register(licenseRoutes, { prefix: '/backend/manager' });
  },
  { name: 'license', dependencies: ['setting', 'device'] },
);

export { unlicensed } from './state';
