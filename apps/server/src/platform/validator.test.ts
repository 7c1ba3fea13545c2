import { Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { loggedIn } from '../test/factories';
import { databaseFingerprint } from '../test/fingerprint';

// Every route's input passes the contract's primitives: ids beyond the 32-bit columns and U+0000
// in any text are refused as input (400001, in the caller's language), before a query could fail.

let app: FastifyInstance;
let call: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  ({ call } = await loggedIn(app, { role: Role.owner }));
});

describe('input refused at the contract', () => {
  it('refuses ids beyond 2,147,483,647 in paths, queries and bodies', async () => {
    for (const [method, url, payload] of [
      ['GET', '/backend/manager/device/2147483648', undefined],
      ['GET', '/backend/manager/account/user?group_id=2147483648', undefined],
      ['GET', '/backend/manager/schedule?device_id=2147483648', undefined],
      ['GET', '/backend/manager/account/user?page=9007199254740991', undefined],
      ['POST', '/backend/manager/resource/move', { ids: [2147483648], folder_id: 1 }],
    ] as const) {
      const response = await call({ method, url, ...(payload ? { payload } : {}) });
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 400001 });
    }
    // The largest id is an id: it names nothing here.
    const last = await call({ method: 'GET', url: '/backend/manager/device/2147483647' });
    expect(last.json().code).toBe(404001);
  });

  it('refuses U+0000 in a keyword, a body field, a nested field and a key, in the caller’s language', async () => {
    const before = await databaseFingerprint(app.db, ['sessions']);
    const cases = [
      { method: 'GET', url: '/backend/manager/device?keyword=a%00b', field: 'keyword' },
      {
        method: 'POST',
        url: '/backend/manager/text',
        payload: { title: 'a\u0000b', content: 'x' },
        field: 'title',
      },
      {
        method: 'POST',
        url: '/backend/manager/playlist',
        payload: { name: 'P', items: [{ content_id: 1, note: '\u0000' }] },
        field: 'items.0.note',
      },
      { method: 'POST', url: '/backend/manager/text', payload: { 'a\u0000': 'x' }, field: 'a\u0000' },
    ] as const;
    for (const { field, ...options } of cases) {
      const response = await call({ ...options, headers: { 'accept-language': 'de' } });
      expect(response.statusCode, options.url).toBe(400);
      expect(response.json(), options.url).toMatchObject({
        code: 400001,
        data: { errors: [{ field, message: 'Text darf kein Nullzeichen enthalten' }] },
      });
    }
    expect(await databaseFingerprint(app.db, ['sessions'])).toBe(before);
  });
});
