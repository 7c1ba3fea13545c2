import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { fonts } from '../../db/schema';
import { fontRoutes } from './font-routes';

/** Fonts: the platform's and each company's fonts for texts and compositions (/setting/font). */
export const fontModule = fp(
  async (app) => {
    // A company's own fonts go with it.
    app.ownerFiles.register('company', 'font', async (tx, id) =>
      (await tx.select({ hash: fonts.hash }).from(fonts).where(eq(fonts.companyId, id))).map(
        (row) => row.hash,
      ),
    );
    await app.register(fontRoutes, { prefix: '/backend/manager' });
  },
  { name: 'font', dependencies: ['media'] },
);

export { assertFontVisible, visibleFonts } from './fonts';
