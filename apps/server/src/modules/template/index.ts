import fp from 'fastify-plugin';
import { templateTypeRoutes } from './template-type-routes';

/** Templates: the template types of H5 content (/setting/tmptype) and the type of each H5 item. */
export const templateModule = fp(
  async (app) => {
    await app.register(templateTypeRoutes, { prefix: '/backend/manager' });
  },
  { name: 'template', dependencies: ['content'] },
);
