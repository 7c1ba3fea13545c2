import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// Security headers on every answer. Documents (the console, the API docs) get helmet's set for
// the console's policy; API answers, JSON a browser never renders, get OWASP's set for REST
// services, which also keeps them out of every cache. @fastify/helmet builds helmet's middleware
// anew on every request, about a seventh of an API call's time; with fixed policies the headers
// never change, so they are worked out once here.

/**
 * The console's policy: its own scripts (and WebAssembly: the uploads' SHA-256) and styles, media
 * and images also from blob:/data:; websites framed and streams played from wherever they live.
 */
const POLICY = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      connectSrc: ["'self'", 'https:', 'http:'],
      frameSrc: ["'self'", 'https:', 'http:'],
      mediaSrc: ["'self'", 'blob:', 'data:', 'https:', 'http:'],
    },
  },
} satisfies Parameters<typeof helmet>[0];

/** The headers helmet sets for the policy (none of its values depends on the request). */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(POLICY)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** OWASP's headers for REST answers (REST Security Cheat Sheet, "Security headers"). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Stored media (/backend/media/<hash>): shown by the console's own pages (a PDF in a frame, a
 * video), so framed by the same origin only, never sniffed; its caching is the route's.
 */
export const MEDIA_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

const isMedia = (url: string) => url.startsWith('/backend/media/');

/** API calls: everything under /backend except the API docs, which are pages, and stored media. */
export const isApiCall = (url: string) =>
  url.startsWith('/backend/') && !url.startsWith('/backend/docs') && !isMedia(url);

/**
 * HSTS, on answers over HTTPS only (RFC 6797 §7.2: a host must not send it over plain HTTP, where
 * browsers ignore it anyway): TLS here (TLS_CERT) or at a reverse proxy (X-Forwarded-Proto, with
 * TRUST_PROXY).
 */
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } as const;

/** The headers of each kind of answer, without and with HSTS, worked out once. */
function headerSets(documentHeaders: Record<string, string>) {
  const { 'strict-transport-security': _, ...document } = documentHeaders;
  const sets = { api: API_HEADERS, media: MEDIA_HEADERS, document };
  const secure = (headers: Readonly<Record<string, string>>) => ({ ...headers, ...HSTS });
  return {
    plain: sets,
    secure: { api: secure(sets.api), media: secure(sets.media), document: secure(sets.document) },
  };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const sets = headerSets(securityHeaders());
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      const set = request.protocol === 'https' ? sets.secure : sets.plain;
      reply.headers(isApiCall(url) ? set.api : isMedia(url) ? set.media : set.document);
      done();
    });
  },
  { name: 'security-headers' },
);
