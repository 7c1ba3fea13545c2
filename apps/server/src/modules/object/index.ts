import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { storedObjects } from '../../db/schema';
import { objectRoutes } from './routes';

/** Stored objects: the brand images and sensor-type icons each owner keeps in media storage. */
export const objectModule = fp(
  async (app) => {
    // A customer's brand images and a company's sensor icons go with their owner.
    const heldBy = (column: PgColumn) => async (tx: Db, id: number) =>
      (await tx.select({ hash: storedObjects.hash }).from(storedObjects).where(eq(column, id))).map(
        (row) => row.hash,
      );
    app.ownerFiles.register('customer', 'object', heldBy(storedObjects.customerId));
    app.ownerFiles.register('company', 'object', heldBy(storedObjects.companyId));
    await app.register(objectRoutes, { prefix: '/backend' });
  },
  { name: 'object', dependencies: ['setting', 'media'] },
);
