import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { loggedIn } from '../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const json = { 'content-type': 'application/json' };

describe('JSON bodies', () => {
  it('an empty body with a JSON content type is no body: logout ends the session', async () => {
    const { call } = await loggedIn(app);
    const response = await call({
      method: 'POST',
      url: '/backend/account/logout',
      headers: json,
      payload: '',
    });
    expect(response.json(), response.body).toMatchObject({ code: 220000 });
    const after = await call({ method: 'GET', url: '/backend/manager/account/user-center/info' });
    expect(after.json().code).toBe(600003);
  });

  it('routes without a body take an empty or blank one (a public and a path-only call)', async () => {
    for (const payload of ['', '  \n']) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/account/register-active/not-a-code',
        headers: { ...json, 'accept-language': 'en' },
        payload,
      });
      expect(response.statusCode).toBeLessThan(500);
      // The route's own answer (an unknown code), not a refusal of the body.
      expect(response.body).not.toMatch(/body/i);
    }
    const { call } = await loggedIn(app);
    const deleted = await call({ method: 'DELETE', url: '/backend/manager/holiday/987654', headers: json });
    expect(deleted.statusCode).toBeLessThan(500);
    expect(deleted.body).not.toMatch(/body/i);
  });

  it('a route that needs a body still refuses an empty one with a clear 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/account/check/code',
      headers: { ...json, 'accept-language': 'en' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400001 });
    expect(response.json().msg).not.toBe('');
  });

  it('still refuses malformed JSON and prototype pollution', async () => {
    for (const payload of ['{"active_code":', '{"__proto__":{"admin":true},"active_code":"x"}']) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/account/check/code',
        headers: json,
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().code).toBe(400001);
    }
  });
});
