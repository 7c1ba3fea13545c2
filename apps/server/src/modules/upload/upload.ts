import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  brokenRule,
  CONTENT_TYPE_PERMISSION,
  type ContentItem,
  ContentType,
  type FileContentType,
  hasAny,
  type Permission,
  partCountOf,
  ResultCode,
  type SliceCheck,
  type SliceInit,
  type sliceInitRequestSchema,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_KINDS,
  type UploadKind,
  type UploadPurpose,
  uploadKindOf,
} from '@vitrine/contract';
import { and, desc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, contents, uploads } from '../../db/schema';
import { AppError, forbidden } from '../../platform/errors';
import { type PartsLayout, PartTooLong } from '../../platform/storage';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace, approvalOfNew, contentDetail, defaultFolderId, visibleFolder } from '../content';
import {
  assertSpace,
  drainPart,
  enqueueProcessing,
  hashFile,
  lockHash,
  mediaKey,
  officeConversionAvailable,
  readHead,
  readImageSize,
  sniffKind,
  storeFile,
  tooLong,
  uploadKey,
  uploadsDir,
} from '../media';
import type { UploadRow } from './upload-rows';

// The chunked upload (spec 000 §4, §7, §9; ARCHITECTURE §8): check → init → parts → finish.
// The upload's parts are one parted object of the storage layer (uploads/<id>.part): each part is
// stored, and made durable, before its index is recorded, so a crash at any moment loses at most
// the parts in flight, which the console sends again; and each may reach another process, as
// nothing of an upload is kept on one process's disk. The first part's bytes must be of the
// declared kind; finish verifies the whole file's SHA-256 before it stores it under media/ and
// makes the content row, in one transaction.

/** An upload expires this long after its last part (or its init). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Parts listed in a "parts are missing" message. */
const MISSING_SHOWN = 20;

const expiry = () => new Date(Date.now() + UPLOAD_EXPIRY_MS);
const kindOfType = (type: number) => UPLOAD_KINDS.find((kind) => kind.type === type) as UploadKind;
const uploadGone = () => new AppError(ResultCode.notFound, 'validation.upload');
const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const layoutOf = (row: UploadRow): PartsLayout => ({ size: row.size, partSize: UPLOAD_CHUNK_SIZE });

const PDF = 'application/pdf';

/** An Office document becomes something screens show only through LibreOffice: refused without it. */
async function assertConvertible(app: FastifyInstance, type: number, isPdf: boolean) {
  if (type === ContentType.document && !isPdf && !(await officeConversionAvailable(app))) {
    throw new AppError(ResultCode.validation, 'content.officeUnavailable');
  }
}

/** The caller holds the list permission of the type's library page. */
function assertMayUpload(permissions: readonly Permission[], type: FileContentType) {
  if (!hasAny(permissions, CONTENT_TYPE_PERMISSION[type])) throw forbidden();
}

/** An upload's parted object (uploadKey), or a key under it: its upload's id. */
const PARTED_KEY = /^uploads\/([^/]+)\.part(?:\/|$)/;

/** The contract lets any 36 hex digits and dashes through; the database takes only real UUIDs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The caller's own unfinished upload for this purpose: 404001 when unknown, someone else's or expired. */
async function ownUpload(db: Db, scope: TenantScope, id: string, purpose: UploadPurpose): Promise<UploadRow> {
  if (!UUID.test(id)) throw uploadGone();
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.purpose, purpose),
        eq(uploads.userId, scope.user.userId),
        scope.companyFilter(uploads.companyId),
      ),
    )
    .limit(1);
  if (!row) throw uploadGone();
  if (row.expiresAt <= new Date()) throw new AppError(ResultCode.notFound, 'upload.expired');
  return row;
}

/** The upload a part belongs to: the row kept from one of its last parts (UploadRows), else read. */
async function uploadOfPart(
  app: FastifyInstance,
  scope: TenantScope,
  id: string,
  purpose: UploadPurpose,
): Promise<UploadRow> {
  const kept = app.uploadRows.get(id, scope.user.userId);
  if (kept?.purpose === purpose) return kept;
  const row = await ownUpload(app.db, scope, id, purpose);
  app.uploadRows.set(row);
  return row;
}

/** Removes an upload, its row first: a part arriving meanwhile then finds nothing to record. */
export async function dropUpload(app: FastifyInstance, id: string) {
  app.uploadDigests.drop(id);
  app.uploadRows.forget(id);
  await app.db.delete(uploads).where(eq(uploads.id, id));
  await app.storage.deleteParts(uploadKey(id));
}

/** Drops the upload and answers with the refusal. */
async function refuse(app: FastifyInstance, id: string, error: AppError): Promise<never> {
  await dropUpload(app, id);
  throw error;
}

/** The caller's own unexpired uploads of these bytes for this purpose. */
const sameBytesUnfinished = (
  scope: TenantScope,
  input: { hash: string; size: number },
  purpose: UploadPurpose,
) =>
  and(
    eq(uploads.purpose, purpose),
    eq(uploads.userId, scope.user.userId),
    eq(uploads.hash, input.hash),
    eq(uploads.size, input.size),
    gt(uploads.expiresAt, new Date()),
    scope.companyFilter(uploads.companyId),
  );

/** POST slice-upload-check: the same bytes in this workspace's library, or this user's unfinished upload of them. */
export async function checkUpload(
  db: Db,
  scope: TenantScope,
  input: { hash: string; size: number },
): Promise<SliceCheck> {
  const workspaceId = scope.activeWorkspaceId;
  if (workspaceId !== null) {
    const [content] = await db
      .select({ id: contents.id })
      .from(contents)
      .where(
        and(
          eq(contents.hash, input.hash),
          eq(contents.size, input.size),
          isNull(contents.deletedAt),
          // A failed item is not "already there": its bytes sent again repair it (finishUpload).
          ne(contents.state, 'failed'),
          eq(contents.workspaceId, workspaceId),
          scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
        ),
      )
      .limit(1);
    if (content) return { content_id: content.id, upload_id: null, parts: [] };
  }
  const [upload] = await db
    .select({ id: uploads.id, parts: uploads.parts })
    .from(uploads)
    .where(sameBytesUnfinished(scope, input, 'content'))
    .orderBy(desc(uploads.createdAt))
    .limit(1);
  return {
    content_id: null,
    upload_id: upload?.id ?? null,
    parts: upload ? [...upload.parts].sort((a, b) => a - b) : [],
  };
}

/**
 * POST slice-upload-init: checks the file's kind by name and MIME type, its declared measures, the
 * caller's permission for that kind and the company's free space, then starts the upload (or
 * resumes this user's unfinished one of the same bytes).
 */
export async function initUpload(
  app: FastifyInstance,
  scope: TenantScope,
  permissions: readonly Permission[],
  input: z.output<typeof sliceInitRequestSchema>,
): Promise<SliceInit> {
  const kind = uploadKindOf(input.name, input.mime);
  if (!kind) throw new AppError(ResultCode.validation, 'upload.notSupported', { name: input.name });
  const broken = brokenRule(kind, input);
  if (broken) throw new AppError(ResultCode.tooLarge, broken);
  assertMayUpload(permissions, kind.type);
  const extension = path.extname(input.name).slice(1).toLowerCase();
  await assertConvertible(app, kind.type, extension === 'pdf' || input.mime === PDF);
  const companyId = scope.companyId;
  if (companyId === null) throw forbidden();

  return startUpload(
    app,
    scope,
    { ...input, purpose: 'content', type: kind.type },
    async (tx, existingId) => {
      // The company row locked: two inits at once cannot both take the last free space.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      const folder =
        input.folder_id === undefined
          ? await activeWorkspace(tx, scope).then(async (workspace) => ({
              id: await defaultFolderId(tx, workspace.companyId, workspace.id),
              workspaceId: workspace.id,
            }))
          : await visibleFolder(tx, scope, input.folder_id);
      await assertSpace(tx, scope, input.size, existingId);
      return { companyId, workspaceId: folder.workspaceId, folderId: folder.id };
    },
  );
}

/** What an upload is of, as its init declares it. */
type UploadStart = {
  hash: string;
  size: number;
  name: string;
  mime: string;
  purpose: UploadPurpose;
  type: number;
};
/** Where the upload belongs, decided inside init's transaction (the caller's checks run there). */
type UploadPlace = { companyId: number | null; workspaceId: number | null; folderId: number | null };

/**
 * Starts an upload, or resumes this user's unfinished one of the same bytes for the same purpose
 * (its parts kept). `place` runs in the transaction, with the id of the upload it would resume.
 */
export async function startUpload(
  app: FastifyInstance,
  scope: TenantScope,
  input: UploadStart,
  place: (tx: Db, existingId: string | undefined) => Promise<UploadPlace>,
): Promise<SliceInit> {
  const row = await app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(uploads)
      .where(sameBytesUnfinished(scope, input, input.purpose))
      .orderBy(desc(uploads.createdAt))
      .limit(1)
      .for('update');
    const where = await place(tx, existing?.id);
    const values = {
      workspaceId: where.workspaceId,
      folderId: where.folderId,
      name: input.name,
      mime: input.mime,
      type: input.type,
      expiresAt: expiry(),
    };
    if (existing) {
      const key = uploadKey(existing.id);
      // The parts are kept unless the first one was judged as another kind, or they are gone.
      const keep = existing.type === input.type && (await app.storage.hasParts(key));
      if (!keep) await app.storage.startParts(key, existing.size);
      const [resumed] = await tx
        .update(uploads)
        .set({ ...values, ...(keep ? {} : { parts: [] }) })
        .where(eq(uploads.id, existing.id))
        .returning();
      return resumed;
    }
    const id = randomUUID();
    // The parts' place first: a crash before the commit leaves only an orphan, which the sweep removes.
    await app.storage.startParts(uploadKey(id), input.size);
    const [created] = await tx
      .insert(uploads)
      .values({
        id,
        purpose: input.purpose,
        companyId: where.companyId,
        userId: scope.user.userId,
        hash: input.hash,
        size: input.size,
        ...values,
      })
      .returning();
    return created;
  });
  // The running digest reads the parts back from the file they are written into in place (the
  // local driver); on the object store, finish hashes the parts as it joins them.
  if (row.parts.length === 0 && app.storage.partsInPlace(uploadKey(row.id))) app.uploadDigests.start(row.id);
  return {
    upload_id: row.id,
    part_size: UPLOAD_CHUNK_SIZE,
    part_count: partCountOf(row.size),
    parts: [...row.parts].sort((a, b) => a - b),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * The first part's bytes must be of the upload's kind; an image's header must meet its rules (a
 * header beyond the first part is judged at finish).
 */
async function vetFirstPart(app: FastifyInstance, row: UploadRow, first: () => Promise<Buffer>) {
  if (row.purpose !== 'content') return; // a package's bytes are checked against its MD5 instead
  const bytes = await first();
  const kind = kindOfType(row.type);
  const mime = await sniffKind(kind.type, bytes);
  if (mime === null) await refuse(app, row.id, new AppError(ResultCode.validation, 'upload.contentMismatch'));
  await assertConvertible(app, kind.type, mime === PDF).catch((error) => refuse(app, row.id, error));
  if (kind.type !== ContentType.image) return;
  const size = await readImageSize(bytes);
  const broken = size && brokenRule(kind, size);
  if (broken) await refuse(app, row.id, new AppError(ResultCode.tooLarge, broken));
}

/**
 * POST slice-upload: one part, stored (on the local driver, written at its offset as it arrives),
 * then recorded once it is durable (with the other parts that arrive meanwhile: PartCommits).
 * Sending it again changes nothing. A declared length other than the part's is refused before a
 * byte is read or written.
 */
export async function receivePart(
  app: FastifyInstance,
  scope: TenantScope,
  purpose: UploadPurpose,
  id: string,
  index: number,
  part: { body: AsyncIterable<Buffer>; declaredLength: number | undefined },
) {
  const row = await uploadOfPart(app, scope, id, purpose);
  if (index >= partCountOf(row.size)) throw new AppError(ResultCode.validation, 'upload.partRange');
  const length = Math.min(UPLOAD_CHUNK_SIZE, row.size - index * UPLOAD_CHUNK_SIZE);
  const wrongSize = () => new AppError(ResultCode.validation, 'upload.partSize');
  if (part.declaredLength !== undefined && part.declaredLength !== length) throw wrongSize();
  const key = uploadKey(row.id);
  const place = { index, offset: index * UPLOAD_CHUNK_SIZE, length };
  try {
    if (row.parts.includes(index)) {
      if (!(await drainPart(part.body, length))) throw wrongSize();
    } else {
      if (!(await app.storage.putPart(key, place, part.body))) throw wrongSize();
      if (index === 0) await vetFirstPart(app, row, () => app.storage.getPart(key, place));
      const inPlace = app.storage.partsInPlace(key);
      if (inPlace) app.uploadDigests.wrote(row.id, index, { file: inPlace, offset: place.offset, length });
    }
    const received = await app.partCommits.record(row.id, key, index, expiry());
    if (received === null) throw uploadGone();
    return { index, received };
  } catch (error) {
    if (isMissingFile(error)) throw uploadGone(); // dropped or swept meanwhile
    if (error instanceof PartTooLong) throw tooLong();
    throw error;
  }
}

/** 400 'upload.partMissing' naming the first parts not received yet. */
function assertAllParts(row: UploadRow) {
  const missing: number[] = [];
  for (let index = 0; index < partCountOf(row.size); index++) {
    if (!row.parts.includes(index)) missing.push(index);
  }
  if (missing.length > 0) {
    throw new AppError(ResultCode.validation, 'upload.partMissing', {
      parts: missing.slice(0, MISSING_SHOWN).join(', '),
    });
  }
}

/** A scratch folder of this machine for `use` (the parts joined into one file), removed after it. */
async function withScratch<T>(app: FastifyInstance, use: (scratch: string) => Promise<T>): Promise<T> {
  const dir = uploadsDir(app.config.dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const scratch = await fs.promises.mkdtemp(path.join(dir, 'finish-'));
  try {
    return await use(scratch);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** A missing file or part while an upload is finished: claimed, dropped or swept meanwhile (404001). */
const goneIfMissing = (error: unknown): never => {
  if (isMissingFile(error)) throw uploadGone();
  throw error;
};

/**
 * The caller's upload for `purpose` (other than content, which finishUpload makes), every part
 * received and the whole file hashing to what init declared (else it is dropped), given to `use`
 * as its row and a file of this machine, which `use` moves where it belongs before claimUpload's
 * transaction commits. Its parts are removed once `use` has succeeded.
 */
export async function useVerifiedUpload<T>(
  app: FastifyInstance,
  scope: TenantScope,
  id: string,
  purpose: Exclude<UploadPurpose, 'content'>,
  use: (upload: { row: UploadRow; file: string }) => Promise<T>,
): Promise<T> {
  const row = await ownUpload(app.db, scope, id, purpose);
  assertAllParts(row);
  const key = uploadKey(row.id);
  const result = await withScratch(app, async (scratch) => {
    const file = await app.storage.partsFile(key, layoutOf(row), scratch).catch(goneIfMissing);
    const hash =
      (await app.uploadDigests.take(row.id, partCountOf(row.size))) ??
      (await hashFile(file).catch(goneIfMissing));
    if (hash !== row.hash)
      await refuse(app, row.id, new AppError(ResultCode.validation, 'upload.hashMismatch'));
    return use({ row, file });
  });
  await app.storage.deleteParts(key);
  return result;
}

/** Takes the upload's row inside the transaction that uses its file: 404001 when finished or swept meanwhile. */
export async function claimUpload(app: FastifyInstance, tx: Db, id: string) {
  const [held] = await tx.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
  if (!held) throw uploadGone();
  app.uploadRows.forget(id);
}

/**
 * POST slice-upload-finish: every part must be there and the whole file must hash to what init
 * declared; then the file goes to media/ and the content row is made (or a failed item of the same
 * bytes repaired), and processing is queued.
 */
export async function finishUpload(
  app: FastifyInstance,
  scope: TenantScope,
  permissions: readonly Permission[],
  id: string,
): Promise<ContentItem> {
  const row = await ownUpload(app.db, scope, id, 'content');
  const kind = kindOfType(row.type);
  assertMayUpload(permissions, kind.type);
  assertAllParts(row);
  const { companyId, workspaceId } = row;
  if (companyId === null || workspaceId === null) throw uploadGone(); // a content upload always has them

  const key = uploadKey(row.id);
  const stored = mediaKey(row.hash);
  // No parts but the stored file: a finish that moved them was cut off before its commit.
  const moved = !(await app.storage.hasParts(key)) && (await app.storage.exists(stored));
  const contentId = await withScratch(app, async (scratch) => {
    // The running digest when every part was hashed as it came, else the file read once more.
    const digest = moved ? undefined : await app.uploadDigests.take(row.id, partCountOf(row.size));
    // Another finish of it may move it meanwhile.
    const file = await (moved
      ? app.storage.localFile(stored, scratch)
      : app.storage.partsFile(key, layoutOf(row), scratch)
    ).catch(goneIfMissing);
    const measures = await measure(file, kind, digest).catch(goneIfMissing);
    if (!moved && measures.hash !== row.hash) {
      await refuse(app, row.id, new AppError(ResultCode.validation, 'upload.hashMismatch'));
    }
    // An image whose size cannot be read cannot be judged by the 4K rule: it is refused.
    if (measures.mime === null || (kind.type === ContentType.image && measures.size === null)) {
      await refuse(app, row.id, new AppError(ResultCode.validation, 'upload.contentMismatch'));
    }
    const broken = measures.size && brokenRule(kind, measures.size);
    if (broken) await refuse(app, row.id, new AppError(ResultCode.tooLarge, broken));

    return app.db.transaction(async (tx) => {
      await lockHash(tx, row.hash);
      const [held] = await tx.delete(uploads).where(eq(uploads.id, row.id)).returning({ id: uploads.id });
      if (!held) throw uploadGone(); // finished or swept meanwhile
      if (!moved) await storeFile(app.storage, file, row.hash);
      // The same bytes as an item of this workspace whose processing failed: that item is repaired
      // (its file stored again, processed again) rather than a second one made.
      const [failed] = await tx
        .select({ id: contents.id })
        .from(contents)
        .where(
          and(
            eq(contents.workspaceId, workspaceId),
            eq(contents.hash, row.hash),
            eq(contents.state, 'failed'),
            isNull(contents.deletedAt),
          ),
        )
        .limit(1)
        .for('update');
      if (failed) {
        await tx
          .update(contents)
          .set({ state: 'processing', problem: null, updatedAt: new Date() })
          .where(eq(contents.id, failed.id));
        await enqueueProcessing(app, failed.id, tx);
        return failed.id;
      }
      const folderId = row.folderId ?? (await defaultFolderId(tx, companyId, workspaceId));
      const [created] = await tx
        .insert(contents)
        .values({
          companyId,
          workspaceId,
          folderId,
          type: row.type,
          name: row.name,
          hash: row.hash,
          size: row.size,
          mime: measures.mime,
          width: measures.size?.width ?? null,
          height: measures.size?.height ?? null,
          state: 'processing',
          uploaderId: row.userId,
          ...(await approvalOfNew(tx, { scope, permissions }, companyId)),
        })
        .returning({ id: contents.id });
      await enqueueProcessing(app, created.id, tx);
      return created.id;
    });
  });
  // What the store kept of the parts (the S3 driver's; the local file was moved).
  await app.storage.deleteParts(key);
  app.uploadRows.forget(row.id);
  return contentDetail(app.db, scope, contentId);
}

/** What finish needs to know of the assembled file: its hash, its sniffed type, an image's size. */
async function measure(file: string, kind: UploadKind, digest?: string) {
  const hash = digest ?? (await hashFile(file));
  const mime = await sniffKind(kind.type, await readHead(file, UPLOAD_CHUNK_SIZE));
  const size = kind.type === ContentType.image ? await readImageSize(file) : undefined;
  return { hash, mime, size };
}

/**
 * Removes expired uploads (row and parts), and parts whose row never committed (a crash
 * during init) once they are as old as an expired upload. Returns how many uploads it removed.
 */
export async function sweepExpiredUploads(app: FastifyInstance): Promise<number> {
  const expired = await app.db
    .delete(uploads)
    .where(lte(uploads.expiresAt, new Date()))
    .returning({ id: uploads.id });
  for (const { id } of expired) {
    app.uploadDigests.drop(id);
    app.uploadRows.forget(id);
    await app.storage.deleteParts(uploadKey(id));
  }

  // Parts whose row never committed (a crash during init), or stored as their upload went, once
  // their newest part is as old as an expired upload. The key of each stored thing is the parted
  // object's own (local driver) or one under it (S3's parts).
  const old = Date.now() - UPLOAD_EXPIRY_MS;
  const newest = new Map<string, number>();
  for await (const { key, modified } of app.storage.list('uploads/')) {
    const id = PARTED_KEY.exec(key)?.[1];
    if (id && UUID.test(id)) newest.set(id, Math.max(newest.get(id) ?? 0, modified.getTime()));
  }
  const candidates = [...newest].filter(([, time]) => time < old).map(([id]) => id);
  if (candidates.length > 0) {
    const known = await app.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, candidates));
    const keep = new Set(known.map((row) => row.id));
    for (const id of candidates) if (!keep.has(id)) await app.storage.deleteParts(uploadKey(id));
  }
  return expired.length;
}
