import type { Operation, OperationData, OperationPart } from '@vitrine/contract';
import { API_BASE, type RequestOptions, request } from './http';

// Calls a contract operation through `request` (its headers, timeout, "tips", logout and error
// report): the method, path and answer's type come from the operation, never retyped here.

/** A path's parameters as the caller has them (numbers or texts); the server parses them. */
type PathParams<O extends Operation> = O extends { params: Operation['params'] }
  ? { [K in keyof NonNullable<OperationPart<O, 'params'>>]: string | number }
  : undefined;

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type CallInput<O extends Operation> = Part<'params', PathParams<O>> &
  Part<'query', OperationPart<O, 'query', 'input'>> &
  Part<'body', OperationPart<O, 'body', 'input'>>;

export type CallOptions = Pick<RequestOptions, 'signal' | 'silent'> & {
  /** A file sent as raw bytes, for the operations that take one instead of a JSON body. */
  bytes?: Blob;
};

// The input may be left out when the operation takes none.
type CallArgs<O extends Operation> =
  object extends CallInput<O>
    ? [input?: CallInput<O>, options?: CallOptions]
    : [input: CallInput<O>, options?: CallOptions];

/** The operation's path with its `:name` parameters filled in, relative to the API base. */
export function pathOf(
  op: Pick<Operation, 'method' | 'path'>,
  params: Record<string, string | number> = {},
): string {
  const path = op.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.method} ${op.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return path.slice(API_BASE.length);
}

export function call<O extends Operation>(op: O, ...args: CallArgs<O>): Promise<OperationData<O>> {
  return callRoute<O>(op, ...args);
}

/**
 * Calls operation O by its method and path alone (a zod-free route such as ACCOUNT_ROUTES.login),
 * where its schemas must not be downloaded: the login page's budget. The types are still O's, and
 * the route must carry O's own method and path.
 */
export function callRoute<O extends Operation>(
  route: Pick<O, 'method' | 'path'>,
  ...[input, options]: CallArgs<O>
): Promise<OperationData<O>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const { bytes, ...rest } = options ?? {};
  return request<OperationData<O>>(route.method, pathOf(route, params), {
    ...rest,
    query,
    body: body ?? bytes,
  });
}
