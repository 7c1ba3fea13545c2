import { Role } from '@vitrine/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/app';
import { buildUser, loginAs } from './test/factories';
import { databaseFingerprint } from './test/fingerprint';

// Every route's schema fed random and hostile input, as a system user and as an owner: never a 5xx,
// and a request refused for its input changes nothing. Generated from the route table, so a new
// route is covered without anyone remembering to add it.

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
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

// Tables that a refused request may legitimately write: the login audit trail and lock counters,
// the mails about them, reported client errors.
const AUDIT_TABLES = ['login_history', 'jobs', 'error_reports', 'users', 'sessions'];

describe('every route under random and hostile input', () => {
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
    // The database as the last refused request left it (refused means unchanged): the next run's
    // "before" without hashing every table again. Unknown after an answer that may have written.
    let known: string | undefined;
    for (const route of routes) {
      if (route.url === '/backend/account/logout') continue; // would end the fuzzing session itself
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          fc.dictionary(fc.constantFrom('page', 'page_size', 'sort', 'keyword', 'r'), hostileString, {
            maxKeys: 3,
          }),
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
            if (envelope.code === 400001) {
              expect(await databaseFingerprint(app.db, AUDIT_TABLES)).toBe(before);
              known = before;
            }
          },
        ),
        { numRuns: 25, seed: 20261123 },
      );
    }
  }, 300_000);
});
