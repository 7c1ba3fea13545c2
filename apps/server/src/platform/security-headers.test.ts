import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { API_HEADERS, MEDIA_HEADERS, securityHeaders } from './security-headers';

describe('security headers', () => {
  // The tests only read: one app with the default config serves them all.
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('are helmet’s for the console’s policy', () => {
    expect(securityHeaders()).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self';"),
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    const policy = securityHeaders()['content-security-policy'];
    // WebAssembly for the uploads' SHA-256; streams and websites from their own hosts.
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("media-src 'self' blob: data: https: http:");
    expect(policy).toContain("connect-src 'self' https: http:");
  });

  it('go with every API answer: success, refusal and unknown path; none is cached', async () => {
    for (const url of ['/backend/health', '/backend/manager/sys/time-frequency', '/backend/no-such-path']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(API_HEADERS);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('HSTS only over HTTPS: here or at a trusted proxy, never on plain HTTP', async () => {
    const proxied = await buildTestApp({ trustProxy: true });
    const hsts = 'max-age=31536000; includeSubDomains';
    for (const url of ['/backend/health', `/backend/media/${'a'.repeat(64)}`, '/']) {
      const overHttp = await app.inject({ method: 'GET', url });
      expect(overHttp.headers['strict-transport-security'], url).toBeUndefined();
      // A forged X-Forwarded-Proto counts only behind a proxy the server was told to trust.
      const forged = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers['strict-transport-security'], url).toBeUndefined();
      const overHttps = await proxied.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security'], url).toBe(hsts);
    }
  });

  it('stored media may be framed by the console itself, and only by it', async () => {
    const response = await app.inject({ method: 'GET', url: `/backend/media/${'a'.repeat(64)}` });
    expect(response.headers).toMatchObject(MEDIA_HEADERS);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('pages get the console’s policy: the console, its deep links and the API docs', async () => {
    const { 'strict-transport-security': _, ...expected } = securityHeaders();
    for (const url of ['/', '/user/list', '/backend/docs']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
    }
  });
});
