import { z } from 'zod';
import type { Permission } from './permissions';
import { idSchema } from './validation';

// One HTTP operation, declared once: the server registers its route from it and the console calls
// it, so its method, path, schemas and access are written nowhere else.

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call it: anyone, any logged-in user, or holders of a permission (any of a list). */
export type OperationAccess = 'public' | 'authenticated' | Permission | readonly Permission[];

export type Operation = {
  method: OperationMethod;
  /** The full path as the spec writes it, with `:name` parameters (e.g. '/backend/manager/holiday/:id'). */
  path: `/backend/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope. */
  response: z.ZodType;
  access: OperationAccess;
  /** Answers 304 without a body when If-None-Match names the current ETag. */
  notModified?: true;
};

/**
 * An operation's method, path and access without its schemas, declared in a zod-free module for a
 * client that must not download zod (the player); the operation spreads it and adds the schemas.
 */
export type OperationRoute = Pick<Operation, 'method' | 'path' | 'access'>;

/** Declares an operation, keeping its literal method, path and access. */
export const operation = <const O extends Operation>(op: O): O => op;

/** An operation's parts, by what its schema parses from (input) or gives (output). */
export type OperationPart<
  O extends Operation,
  K extends 'params' | 'query' | 'body',
  As = 'output',
> = O extends { [P in K]: infer S extends z.ZodType }
  ? As extends 'input'
    ? z.input<S>
    : z.output<S>
  : undefined;

/** What a successful call answers: the envelope's `data`. */
export type OperationData<O extends Operation> = z.output<O['response']>;

/** Tells operations apart from the contract's other exports (the route check reads every one). */
export const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Operation).method === 'string' &&
  typeof (value as Operation).path === 'string' &&
  (value as Operation).path.startsWith('/backend/') &&
  (value as Operation).access !== undefined &&
  typeof (value as Operation).response === 'object';

/** The `:id` of a path. */
export const idParamsSchema = z.object({ id: idSchema });

/** The data of an answer that carries none. */
export const noDataSchema = z.null();
