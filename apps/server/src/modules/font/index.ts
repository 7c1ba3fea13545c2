import fp from 'fastify-plugin';
import { fontRoutes } from './font-routes';

/** Fonts: the platform's and each company's fonts for texts and compositions (/setting/font). */
export const fontModule = fp(
  async (app) => {
    await app.register(fontRoutes, { prefix: '/backend/manager' });
  },
  { name: 'font', dependencies: ['media'] },
);

export { assertFontVisible, visibleFonts } from './fonts';
