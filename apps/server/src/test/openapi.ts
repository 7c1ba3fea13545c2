import type { FastifyInstance } from 'fastify';

// The server's own OpenAPI document, read by the suites generated from the route table (the
// fuzzer, the cross-tenant suite): each route's body and query fields, so a new field is covered
// without anyone remembering to add it.

/** The part of an OpenAPI 3.0 schema these suites read. */
export type Schema = {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
};
export type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};
export type FieldPath = (string | number)[];

/** Each route's operation in the document, by the route table's method and URL. */
export function operationsOf(app: FastifyInstance) {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return (route: { method: string; url: string }): Operation | undefined =>
    document.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
}

export const jsonBodyOf = (operation: Operation | undefined) =>
  operation?.requestBody?.content?.['application/json']?.schema;

export const queryOf = (operation: Operation | undefined) =>
  (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');

export const variantsOf = (schema: Schema) => schema.anyOf ?? schema.oneOf ?? schema.allOf;

/** Every field a schema names, optional ones too (an array's by its first item). */
export function fieldsOf(schema: Schema, path: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 6) return [];
  const options = variantsOf(schema);
  if (options) return options.flatMap((option) => fieldsOf(option, path, depth + 1));
  if (schema.type === 'array') return [path, ...fieldsOf(schema.items ?? {}, [...path, 0], depth + 1)];
  if (schema.type === 'object') {
    return [
      ...(path.length > 0 ? [path] : []),
      ...Object.entries(schema.properties ?? {}).flatMap(([key, field]) =>
        fieldsOf(field, [...path, key], depth + 1),
      ),
    ];
  }
  return [path];
}

/** A copy of `value` with `replacement` at `path`, making the containers on the way. */
export function spoil(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container = (
    Array.isArray(value)
      ? [...value]
      : typeof value === 'object' && value !== null
        ? { ...value }
        : typeof head === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>;
  container[head] = spoil(container[head], rest, replacement);
  return container;
}
