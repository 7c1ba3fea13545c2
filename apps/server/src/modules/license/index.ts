import fp from 'fastify-plugin';
import { registerLicenseReminders } from './reminders';
import { licenseRoutes } from './routes';
import { grantTrial } from './trials';

/** Licences: batches, the ledger down the tenancy, the licence each device holds, renewal reminders (docs/license.md). */
export const licenseModule = fp(
  async (app) => {
    // A newly claimed screen gets a trial licence inside the claim's transaction.
    app.deviceClaims.register(grantTrial);
    registerLicenseReminders(app);
    await app.register(licenseRoutes, { prefix: '/backend/manager' });
  },
  { name: 'license', dependencies: ['setting', 'account', 'device'] },
);

export { licenseStatistic } from './figures';
