import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sha256Schema } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { sniffMime } from './sniff';
import { mediaDir, mediaPath, readHead } from './storage';

// Stored files by hash (ARCHITECTURE §8): GET /backend/media/:hash. Public like a signed URL: the
// SHA-256 of the bytes is the capability, unguessable and handed out only in the items and
// manifests of those who may see them; players and <img>/<video> elements fetch it without a
// token. The bytes behind a hash never change, so the answer is cached for good, and ranges
// serve video seeking.

/** Bytes enough to tell every stored format apart. */
const SNIFF_BYTES = 4100;
const MIME_CACHE_LIMIT = 10_000;
const params = z.object({ hash: sha256Schema });

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
    const match = request.headers['if-none-match'];
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.sendFile(path.relative(root, file));
  });
};
