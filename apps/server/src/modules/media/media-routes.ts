import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { H5_ENTRY_FILE, sha256Schema, webFileType } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { sniffMime } from './sniff';
import { h5Dir, mediaDir, mediaPath, readHead } from './storage';

// Stored files by hash (ARCHITECTURE §8): GET /backend/media/:hash. Public like a signed URL: the
// SHA-256 of the bytes is the capability, unguessable and handed out only in the items and
// manifests of those who may see them; players and <img>/<video> elements fetch it without a
// token. The bytes behind a hash never change, so the answer is cached for good, and ranges
// serve video seeking.
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

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = mediaDir(app.config.dataDir);
  await fs.promises.mkdir(root, { recursive: true });
  // Only reply.sendFile, in this plugin: ranges, HEAD and streaming; headers are set here.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    etag: false,
    lastModified: false,
    cacheControl: false,
    contentType: false,
  });

  /** A stored file's type by its bytes (they never change, so each is sniffed once). */
  const mimes = new Map<string, string>();
  async function mimeOf(hash: string, file: string) {
    let mime = mimes.get(hash);
    if (mime === undefined) {
      mime = (await sniffMime(await readHead(file, SNIFF_BYTES))) ?? 'application/octet-stream';
      if (mimes.size >= MIME_CACHE_LIMIT) mimes.clear();
      mimes.set(hash, mime);
    }
    return mime;
  }

  app.get('/media/:hash', { config: { access: 'public' }, schema: { params } }, async (request, reply) => {
    const { hash } = request.params;
    const file = mediaPath(app.config.dataDir, hash);
    const mime = await mimeOf(hash, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? notFound() : error;
    });
    const etag = `"${hash}"`;
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Type', mime);
    if (isFresh(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.sendFile(path.relative(root, file));
  });

  app.get(
    '/media/h5/:hash/*',
    { config: { access: 'public' }, schema: { params: h5Params } },
    async (request, reply) => {
      const { hash } = request.params;
      const parts = packagePath(request.params['*']);
      if (parts === null) throw notFound();
      const site = h5Dir(app.config.dataDir, hash);
      const file = path.join(site, ...parts);
      // Only files unpacked there: never a folder, and no link (none is ever unpacked).
      const stat = await fs.promises.lstat(file).catch(() => null);
      if (!stat?.isFile() || !file.startsWith(site + path.sep)) throw notFound();
      const etag = `"${hash}-${stat.size}-${stat.mtimeMs}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Type', webFileType(file))
        .header('Content-Security-Policy', "sandbox allow-scripts; frame-ancestors 'self'")
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*');
      if (isFresh(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.sendFile(path.relative(root, file));
    },
  );
};
