import fp from 'fastify-plugin';
import { objectRoutes } from './routes';

/** Stored objects: the brand images and sensor-type icons each owner keeps in media storage. */
export const objectModule = fp(
  async (app) => {
    await app.register(objectRoutes, { prefix: '/backend' });
  },
  { name: 'object', dependencies: ['setting', 'media'] },
);
