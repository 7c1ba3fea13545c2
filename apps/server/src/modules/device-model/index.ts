import fp from 'fastify-plugin';
import { deviceModelRoutes } from './routes';

/** Device models: the platform's catalogue of screen hardware, and which model a reported name is. */
export const deviceModelModule = fp(
  async (app) => {
    await app.register(deviceModelRoutes, { prefix: '/backend/manager' });
  },
  { name: 'device-model', dependencies: ['platform'] },
);

export { assertModel, modelNamed, rematchedModelId } from './models';
