import { Readable } from 'node:stream';
import { H5_ENTRY_FILE, sha256Schema, webFileType } from '@vitrine/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { type ByteRange, RangeNotSatisfiable, type Storage } from '../../platform/storage';
import { sniffMime } from './sniff';
import { h5Key, mediaKey, readStoredHead } from './storage';

// Stored files by hash (ARCHITECTURE §8): GET /backend/media/:hash. Public like a signed URL: the
// SHA-256 of the bytes is the capability, unguessable and handed out only in the items and
// manifests of those who may see them; players and <img>/<video> elements fetch it without a
// token. The bytes behind a hash never change, so the answer is cached for good, and ranges
// serve video seeking. The bytes are streamed through the server from app.storage (DATA_DIR or
// the object store) rather than handed out as the store's signed links: one address for good,
// cached by browsers, players and proxies, and the store need not be reachable from screens.
//
// H5 packages unpacked (h5.ts) are served file by file under GET /backend/media/h5/:hash/<path>,
// public and immutable the same way, typed by their extensions, in a sandbox of their own: the
// policy `sandbox allow-scripts` gives each page an opaque origin, so a package's scripts run but
// reach neither the console's cookies and storage nor its pages; its own files are therefore
// fetched cross-origin, which their CORS and resource policy headers allow.

/** Bytes enough to tell every stored format apart. */
const SNIFF_BYTES = 4100;
const MIME_CACHE_LIMIT = 10_000;
const params = z.object({ hash: sha256Schema });
const h5Params = z.object({ hash: sha256Schema, '*': z.string().max(1024) });

/** Whether the client's If-None-Match names this ETag (weak or strong). */
const isFresh = (match: string | undefined, etag: string) =>
  match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

/** A path inside a package as its parts, or null when it could name anything outside. */
function packagePath(raw: string): string[] | null {
  const parts = (raw === '' ? H5_ENTRY_FILE : raw).split('/');
  const unsafe = (part: string) => part === '' || part === '.' || part === '..' || /[\\\0]/.test(part);
  return parts.some(unsafe) ? null : parts;
}

/**
 * The range a Range header asks of an object of `size` bytes: undefined for the whole (no header,
 * or several ranges, which are answered whole), null when it starts past the end.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return start >= size ? null : undefined;
  return start >= size ? null : { start, end };
}

const unsatisfiable = (size: number) =>
  Object.assign(new Error('Range Not Satisfiable'), {
    statusCode: 416,
    headers: { 'Content-Range': `bytes */${size}` },
  });

/**
 * Answers a stored object, whole or the range asked (206), its headers set by the caller; 404 when
 * gone. `whole`: whatever Range asks (for an If-Range naming another version of the bytes).
 */
export async function sendStored(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  { whole = false } = {},
) {
  reply.header('Accept-Ranges', 'bytes');
  const header = whole ? undefined : request.headers.range;
  // The size first only when the answer needs it before the bytes: a HEAD, a range.
  const head = request.method === 'HEAD' || header ? await storage.head(key) : undefined;
  if (head === null) throw notFound();
  const range = head ? rangeOf(header, head.size) : undefined;
  // 416 in the envelope with the object's size (replies.ts), as @fastify/static answers it.
  if (range === null) throw unsatisfiable(head?.size ?? 0);
  if (request.method === 'HEAD' && head) {
    const length = range ? range.end - range.start + 1 : head.size;
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${head.size}`);
    // Fastify's HEAD answer keeps the length set for a stream body (it sets 0 for none); no bytes go.
    return reply.header('Content-Length', length).send(Readable.from([]));
  }
  const body = await storage.get(key, range).catch((error) => {
    throw error instanceof RangeNotSatisfiable ? unsatisfiable(error.size) : error;
  });
  if (!body) throw notFound();
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${body.size}`);
    return reply.header('Content-Length', range.end - range.start + 1).send(body.stream);
  }
  return reply.header('Content-Length', body.size).send(body.stream);
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A stored file's type by its bytes (they never change, so each is sniffed once); null when gone. */
  const mimes = new Map<string, string>();
  async function mimeOf(hash: string) {
    let mime = mimes.get(hash);
    if (mime === undefined) {
      const bytes = await readStoredHead(app.storage, mediaKey(hash), SNIFF_BYTES);
      if (!bytes) return null;
      mime = (await sniffMime(bytes)) ?? 'application/octet-stream';
      if (mimes.size >= MIME_CACHE_LIMIT) mimes.clear();
      mimes.set(hash, mime);
    }
    return mime;
  }

  app.get('/media/:hash', { config: { access: 'public' }, schema: { params } }, async (request, reply) => {
    const { hash } = request.params;
    const mime = await mimeOf(hash);
    if (mime === null) throw notFound();
    const etag = `"${hash}"`;
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Type', mime);
    if (isFresh(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return sendStored(app.storage, mediaKey(hash), request, reply);
  });

  app.get(
    '/media/h5/:hash/*',
    { config: { access: 'public' }, schema: { params: h5Params } },
    async (request, reply) => {
      const { hash } = request.params;
      const parts = packagePath(request.params['*']);
      if (parts === null) throw notFound();
      const key = `${h5Key(hash)}/${parts.join('/')}`;
      // The package behind a hash never changes: its files are told apart by their addresses.
      const etag = `"${hash}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Type', webFileType(key))
        .header('Content-Security-Policy', "sandbox allow-scripts; frame-ancestors 'self'")
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*');
      if (isFresh(request.headers['if-none-match'], etag)) {
        if (!(await app.storage.exists(key))) throw notFound();
        return reply.code(304).send();
      }
      return sendStored(app.storage, key, request, reply);
    },
  );
};
