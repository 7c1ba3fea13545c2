import type { Operation, OperationPart } from '@vitrine/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { responses } from './envelope';

// Routes registered from the contract's operations: the method, URL, schemas and access come from
// the operation, so the server and the console cannot disagree on them.

export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: OperationPart<O, 'params'>;
  Querystring: OperationPart<O, 'query'>;
  // Without a body schema the body is whatever the content-type parser gave (e.g. a file's bytes).
  Body: O extends { body: z.ZodType } ? OperationPart<O, 'body'> : unknown;
}>;

/** The envelope a handler answers with: ok(data), or a success with its own message. */
export type OperationReply<O extends Operation> = { code: number; msg: string; data: z.input<O['response']> };

/** An operation answering 304 may also answer with the reply itself (`reply.code(304).send()`). */
type OperationAnswer<O extends Operation> = O extends { notModified: true }
  ? OperationReply<O> | FastifyReply
  : OperationReply<O>;

export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<OperationAnswer<O>> | OperationAnswer<O>;

/** Anything else a route sets (its hooks, body limit, extra config), never its method, URL, schema or access. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

// Any type provider: the route's types come from the operation, not from the instance.
// biome-ignore lint/suspicious/noExplicitAny: the instance's generics do not matter here
type AnyInstance = FastifyInstance<any, any, any, any, any>;

/**
 * Registers `op` on `app`. Operations carry the full path; the plugin's prefix (e.g. /backend/manager)
 * is taken off, so a route plugin keeps its prefix and the URL does not change.
 */
export function route<O extends Operation>(
  app: AnyInstance,
  op: O,
  handler: OperationHandler<O>,
  extras: RouteExtras = {},
): void {
  if (!op.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${op.method} ${op.path} does not start with the plugin prefix ${app.prefix}`);
  }
  const schema: FastifySchema = {
    response: op.notModified ? { ...responses(op.response), 304: z.undefined() } : responses(op.response),
  };
  if (op.params) schema.params = op.params;
  if (op.query) schema.querystring = op.query;
  if (op.body) schema.body = op.body;
  app.route({
    ...extras,
    method: op.method,
    url: op.path.slice(app.prefix.length),
    schema,
    config: { ...extras.config, access: op.access },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
