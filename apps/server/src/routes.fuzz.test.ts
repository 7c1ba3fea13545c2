import { Role } from '@vitrine/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/app';
import { buildUser, loginAs } from './test/factories';
import { databaseFingerprint } from './test/fingerprint';
import {
  fieldsOf,
  jsonBodyOf,
  type Operation,
  operationsOf,
  queryOf,
  type Schema,
  spoil,
  variantsOf,
} from './test/openapi';

// Every route's schema fed random and hostile input, as a system user and as an owner: never a 5xx,
// and a request refused for its input changes nothing. Generated from the route table and the
// OpenAPI document, so a new route and a new field are covered without anyone remembering: besides
// random bodies and queries, each run may take a body or query the route's own schema accepts and
// spoil one field of it (an id beyond 32 bits, a NUL character, any hostile value), so the spoiled
// field reaches the handler past every other rule.

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'a\u0000b',
    '2147483648',
    '9007199254740991',
    '-2147483649',
    '💥'.repeat(300),
    'a'.repeat(5000),
    '-1',
    '0',
    '1e309',
    'NaN',
    '__proto__',
    'constructor',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'email', 'password')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;
const hostileBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'confirm_password',
      'old_password',
      'accept_terms',
      'username',
      'nickname',
      'company_name',
      'language',
      'timezone',
      'code',
      'active_code',
      'user_guide',
      '__proto__',
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
  hostileValue,
);

/** Numbers no 32-bit id column holds, and the edges of one. */
const OUT_OF_RANGE = [2_147_483_648, Number.MAX_SAFE_INTEGER, -2_147_483_649, 2_147_483_647, 0, -1, 1e300];
/** What replaces one field of an accepted input. */
const spoiled = fc.oneof(
  fc.constantFrom<unknown>(...OUT_OF_RANGE, 'a\u0000b', '\u0000', { '\u0000': 1 }, ['\u0000']),
  fc.integer({ min: 1, max: 50 }),
  hostileValue,
);
const spoiledText = fc.oneof(
  fc.constantFrom(...OUT_OF_RANGE.map(String), 'a\u0000b', '\u0000', '1e309'),
  hostileString,
);

/** Texts a field's pattern may accept, tried in this order. */
const TAME_TEXTS = [
  'Fuzzed',
  'fuzz@example.com',
  'https://example.com/',
  '2030-01-01',
  '08:00',
  'FREQ=DAILY',
  '#ffffff',
  '123456',
  'ABCDEF',
  'aa:bb:cc:dd:ee:ff',
  'c'.repeat(64),
  '00000000-0000-4000-8000-000000000000',
  'x',
];
/** An id that is valid but names no row: an accepted input must not disable the fuzzing users. */
const TAME_ID = 2_000_000_000;

/** A value the schema accepts, as far as the fuzzer can tell: each field's first plausible value. */
function tame(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const options = variantsOf(schema);
  if (options) return tame(options.find((option) => option.type !== 'null') ?? options[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      // Ids take TAME_ID; a smaller range (a page size, a year) its largest value.
      return Math.min(
        Math.max(TAME_ID, (schema.minimum ?? 1) + (schema.exclusiveMinimum ? 1 : 0)),
        schema.maximum ?? TAME_ID,
      );
    case 'boolean':
      return true;
    case 'string':
      return (
        TAME_TEXTS.find(
          (text) =>
            (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(text)) &&
            text.length >= (schema.minLength ?? 0) &&
            text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY),
        ) ?? 'x'
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => tame(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, tame(schema.properties?.[key] ?? {})]),
      );
    default:
      return null;
  }
}

/** A body the route's schema accepts with one field spoiled, or none when it takes no JSON. */
function spoiledBodies(operation: Operation | undefined): fc.Arbitrary<unknown> | null {
  const schema = jsonBodyOf(operation);
  if (!schema) return null;
  const base = tame(schema);
  const fields = fieldsOf(schema);
  if (fields.length === 0) return fc.constant(base);
  return fc.tuple(fc.constantFrom(...fields), spoiled).map(([path, value]) => spoil(base, path, value));
}

/** A query the route accepts with one parameter spoiled, or null when it takes none. */
function spoiledQueries(operation: Operation | undefined): fc.Arbitrary<Record<string, string>> | null {
  const parameters = queryOf(operation);
  if (parameters.length === 0) return null;
  const base = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, String(tame(parameter.schema))]),
  );
  return fc
    .tuple(fc.constantFrom(...parameters.map((parameter) => parameter.name)), spoiledText)
    .map(([name, value]) => ({ ...base, [name]: value }));
}

const randomQuery = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'sort', 'keyword', 'r'),
  hostileString,
  {
    maxKeys: 3,
  },
);

// Tables that a refused request may legitimately write: the login audit trail and lock counters,
// the mails about them, reported client errors, the count of wrong licence keys.
const AUDIT_TABLES = ['login_history', 'jobs', 'error_reports', 'users', 'sessions', 'license_key_failures'];

// Run by the README's `npm test` on the embedded database, which is PostgreSQL itself (PGlite):
// what a route answers to hostile input does not depend on the server the SQL runs on, so the
// CI's second pass on a PostgreSQL 15 server leaves the fuzzer's two minutes out.
describe.skipIf(process.env.DATABASE_URL?.startsWith('postgres'))(
  'every route under random and hostile input',
  () => {
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      app = await buildTestApp();
      for (const [name, role] of [
        ['system', Role.system],
        ['owner', Role.owner],
      ] as const) {
        const user = await buildUser(app, { role });
        tokens[name] = await loginAs(app, user.email);
      }
    });

    it('never answers 5xx, and a refused input changes nothing', async () => {
      const routes = app.routeAccess.filter((route) => !route.url.startsWith('/backend/docs'));
      expect(routes.length).toBeGreaterThan(10);
      const operationOf = operationsOf(app);
      // The fuzzer reads the schemas it spoils: most routes take a body or a query.
      const read = routes.filter(
        (route) => spoiledBodies(operationOf(route)) ?? spoiledQueries(operationOf(route)),
      );
      expect(read.length).toBeGreaterThan(routes.length / 2);
      // The database as the last refused request left it (refused means unchanged): the next run's
      // "before" without hashing every table again. Unknown after an answer that may have written.
      let known: string | undefined;
      for (const route of routes) {
        if (route.url === '/backend/account/logout') continue; // would end the fuzzing session itself
        const operation = operationOf(route);
        const bodies = spoiledBodies(operation);
        const queries = spoiledQueries(operation);
        await fc.assert(
          fc.asyncProperty(
            bodies ? fc.oneof(hostileBody, bodies) : hostileBody,
            queries ? fc.oneof(randomQuery, queries) : randomQuery,
            hostileString,
            fc.constantFrom('system', 'owner'),
            async (body, query, param, who) => {
              const url = route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(param) || 'x');
              const before = known ?? (await databaseFingerprint(app.db, AUDIT_TABLES));
              known = undefined;
              const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
              const response = await app.inject({
                method: route.method as 'GET',
                url,
                query: query as Record<string, string>,
                headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
                ...(hasBody ? { payload: JSON.stringify(body ?? null) } : {}),
              });
              expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBeLessThan(500);
              const envelope = response.json();
              expect(typeof envelope.code).toBe('number');
              if (envelope.code === 400001 || envelope.code === 400004) {
                expect(await databaseFingerprint(app.db, AUDIT_TABLES)).toBe(before);
                known = before;
              }
            },
          ),
          { numRuns: 25, seed: 20261123 },
        );
      }
    }, 300_000);
  },
);
