import { objectOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { deleteObject } from './objects';

// Stored objects under /backend/manager/resource/object; paths, schemas and access are the contract's.
export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.delete, async (request) => ok(await deleteObject(app, request, request.body.id)));
};
