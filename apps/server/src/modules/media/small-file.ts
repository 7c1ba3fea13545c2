import { createHash } from 'node:crypto';
import { ResultCode } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { lockHash, storeBytes } from './storage';

// Small files (fonts, stickers) come whole in one request: the raw bytes as
// application/octet-stream, the file name in the query. They are held in memory (a few MB at
// most), checked by their bytes, then stored by hash under media/ like content, in the
// transaction that inserts their row once the insert went through, under the hash's lock, so a
// refusal or a failed insert leaves no file.

/** A display name from a file name: without its extension, at most 64 characters. */
export const nameOfFile = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return (base || fileName).slice(0, 64);
};

/**
 * Takes application/octet-stream bodies on this plugin's routes, up to maxBytes: a longer one
 * (by its Content-Length, or once that many bytes came) is refused with 413001 and `tooLarge`.
 */
export function acceptSmallFiles(app: FastifyInstance, maxBytes: number, tooLarge: string) {
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    const refuse = () => new AppError(ResultCode.tooLarge, tooLarge);
    if (Number(request.headers['content-length']) > maxBytes) {
      payload.resume(); // drain what comes, so the answer reaches the client
      return done(refuse(), undefined);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > maxBytes) {
        chunks.length = 0;
        settle(refuse());
        payload.resume();
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => settle(null, Buffer.concat(chunks)));
    payload.on('error', (error) => settle(error));
  });
}

/** The body of a small-file route: the bytes, refused when none came. */
export function bytesOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(ResultCode.validation, 'upload.empty');
  return body;
}

export type Stored = { hash: string; size: number };

/**
 * Stores these bytes by their SHA-256 and runs `insert` (which checks the quota and inserts the
 * row) in the same transaction, before the file is moved into place: whatever `insert` refuses
 * leaves nothing behind. Answers what `insert` answers.
 */
export async function storeSmallFile<T>(
  app: FastifyInstance,
  bytes: Buffer,
  insert: (tx: Db, stored: Stored) => Promise<T>,
): Promise<T> {
  return storeSmallFiles(app, [bytes], (tx, [stored]) => insert(tx, stored));
}

/** Like storeSmallFile, for several files whose rows one transaction inserts (`stored` in the same order). */
export async function storeSmallFiles<T>(
  app: FastifyInstance,
  files: readonly Buffer[],
  insert: (tx: Db, stored: Stored[]) => Promise<T>,
): Promise<T> {
  const hashed = files.map((bytes) => ({ bytes, hash: createHash('sha256').update(bytes).digest('hex') }));
  return app.db.transaction(async (tx) => {
    // In one order, so two transactions storing the same files never wait for each other.
    for (const hash of [...new Set(hashed.map((one) => one.hash))].sort()) await lockHash(tx, hash);
    const result = await insert(
      tx,
      hashed.map(({ bytes, hash }) => ({ hash, size: bytes.length })),
    );
    for (const { bytes, hash } of hashed) await storeBytes(app.storage, bytes, hash);
    return result;
  });
}
