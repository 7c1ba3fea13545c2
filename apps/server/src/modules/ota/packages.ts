import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  type ListResult,
  type OtaPackageItem,
  type otaPackageCreateRequestSchema,
  type otaPackageEditRequestSchema,
  type otaPackageListQuerySchema,
  type otaUploadInitRequestSchema,
  ResultCode,
  SHIPPED_PLAYER_VERSION,
  type SliceInit,
} from '@vitrine/contract';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deviceModels, type OtaPackageRow, otaPackageModels, otaPackages, users } from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { assertModel } from '../device-model';
import { claimUpload, dropUpload, startUpload, useVerifiedUpload } from '../upload';
import { offeredDevicesOf } from './offers';
import { assertPlatform } from './platform-only';
import { versionSortKey } from './versions';

// OTA packages (/manager/ota/package, the /ota/package page; docs/ota.md): the platform's versions
// of player software per device model. The file comes through the chunked upload (purpose
// 'package'); creating the package checks the MD5 the operator entered against the bytes and
// stores the file through the storage layer (packages/<uuid>: under DATA_DIR or in the object
// store, so any process serves it) under a name the server chose. A model has one package of a
// version at most. The player build this server ships is a built-in row (seedShippedPlayer).

/** The stored object of a package's file; only a UUID names one, so no name can leave packages/. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function packageKey(fileId: string) {
  if (!UUID.test(fileId)) throw new Error(`Not a package file id: ${fileId.slice(0, 80)}`);
  return `packages/${fileId}`;
}

async function md5File(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), hash);
  return hash.digest('hex');
}

const PACKAGE_SORT = {
  version: sql`${otaPackages.versionKey} collate "C"`,
  size: otaPackages.size,
  created_at: otaPackages.createdAt,
};

type Listed = { row: OtaPackageRow; createdBy: string | null };

/** The target models of these packages, by name. */
async function modelsOf(db: Db, ids: readonly number[]) {
  const byPackage = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byPackage;
  const rows = await db
    .select({ packageId: otaPackageModels.packageId, id: deviceModels.id, name: deviceModels.name })
    .from(otaPackageModels)
    .innerJoin(deviceModels, eq(deviceModels.id, otaPackageModels.modelId))
    .where(inArray(otaPackageModels.packageId, [...ids]))
    .orderBy(asc(deviceModels.name));
  for (const { packageId, ...model } of rows) {
    byPackage.set(packageId, [...(byPackage.get(packageId) ?? []), model]);
  }
  return byPackage;
}

async function present(db: Db, listed: readonly Listed[]): Promise<OtaPackageItem[]> {
  const models = await modelsOf(
    db,
    listed.map(({ row }) => row.id),
  );
  return listed.map(({ row, createdBy }) => ({
    id: row.id,
    version: row.version,
    description: row.description,
    builtin: row.builtin,
    md5: row.md5,
    file_name: row.fileName,
    size: row.size,
    models: models.get(row.id) ?? [],
    created_by: createdBy,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Packages with their uploader's name (null once that account is gone, and for the built-in build). */
const selectPackages = (db: Db) =>
  db
    .select({
      row: otaPackages,
      createdBy: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
    })
    .from(otaPackages)
    .leftJoin(users, eq(users.id, otaPackages.createdBy));

/** GET ota/package: by version, newest first unless asked otherwise; keyword in version and description. */
export async function packageList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof otaPackageListQuerySchema>,
): Promise<ListResult<OtaPackageItem>> {
  assertPlatform(scope);
  const where = and(
    keywordFilter(query.keyword, otaPackages.version, otaPackages.description),
    query.model_id === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(otaPackageModels)
            .where(
              and(
                eq(otaPackageModels.packageId, otaPackages.id),
                eq(otaPackageModels.modelId, query.model_id),
              ),
            ),
        ),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectPackages(db)
      .where(where)
      .orderBy(...orderOf(query.sort, PACKAGE_SORT, 'version,desc', otaPackages.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(otaPackages)
      .where(where),
  ]);
  return { list: await present(db, rows), total };
}

export async function packageDetail(db: Db, scope: TenantScope, id: number): Promise<OtaPackageItem> {
  assertPlatform(scope);
  const rows = await selectPackages(db).where(eq(otaPackages.id, id)).limit(1);
  if (rows.length === 0) throw notFound();
  const [item] = await present(db, rows);
  return item;
}

/** POST ota/package/slice-upload-init: a package's file, at most 1 GB (the contract), for the platform. */
export async function initPackageUpload(
  app: FastifyInstance,
  scope: TenantScope,
  input: z.output<typeof otaUploadInitRequestSchema>,
): Promise<SliceInit> {
  assertPlatform(scope);
  return startUpload(app, scope, { ...input, mime: '', purpose: 'package', type: 0 }, async () => ({
    companyId: null,
    workspaceId: null,
    folderId: null,
  }));
}

/** 409006 'ota.versionTaken' when one of these models already has a package of this version. */
async function assertVersionFree(db: Db, version: string, modelIds: readonly number[]) {
  const [taken] = await db
    .select({ name: deviceModels.name })
    .from(otaPackageModels)
    .innerJoin(deviceModels, eq(deviceModels.id, otaPackageModels.modelId))
    .where(and(eq(otaPackageModels.version, version), inArray(otaPackageModels.modelId, [...modelIds])))
    .orderBy(asc(deviceModels.name))
    .limit(1);
  if (taken) throw new AppError(ResultCode.duplicate, 'ota.versionTaken', { version, model: taken.name });
}

/** The package's target models, replacing any it had; every model must exist (404001). */
async function setModels(tx: Db, packageId: number, version: string, modelIds: readonly number[]) {
  const unique = [...new Set(modelIds)];
  for (const modelId of unique) await assertModel(tx, modelId);
  await tx.delete(otaPackageModels).where(eq(otaPackageModels.packageId, packageId));
  await assertVersionFree(tx, version, unique);
  await tx.insert(otaPackageModels).values(unique.map((modelId) => ({ packageId, modelId, version })));
}

/** A write racing another to the same version and model: answered as the check would have. */
async function versionRace<T>(db: Db, version: string, modelIds: readonly number[], write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await assertVersionFree(db, version, modelIds);
    throw error;
  }
}

/**
 * POST ota/package: the upload must be complete and hash to what its init declared; its bytes'
 * MD5 must be the code entered, else the upload is dropped and nothing is left (400001
 * 'ota.md5Mismatch'). Then, in one transaction, the package row and its models are written, the
 * upload's row is taken and its file moved into the packages folder.
 */
export async function createPackage(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof otaPackageCreateRequestSchema>,
): Promise<OtaPackageItem> {
  assertPlatform(scope);
  const id = await useVerifiedUpload(app, scope, body.upload_id, 'package', async ({ row, file }) => {
    const md5 = await md5File(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound(); // claimed or swept meanwhile
      throw error;
    });
    if (md5 !== body.md5) {
      await dropUpload(app, row.id);
      throw new AppError(ResultCode.validation, 'ota.md5Mismatch');
    }
    const fileId = randomUUID();
    return versionRace(app.db, body.version, body.model_ids, () =>
      app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(otaPackages)
          .values({
            version: body.version,
            versionKey: versionSortKey(body.version),
            description: body.description,
            md5,
            fileId,
            fileName: row.name,
            size: row.size,
            createdBy: scope.user.userId,
          })
          .returning({ id: otaPackages.id });
        await setModels(tx, created.id, body.version, body.model_ids);
        await claimUpload(app, tx, row.id);
        // Last: a refusal above leaves the upload as it was, to be used again with other details.
        await app.storage.putFile(packageKey(fileId), file);
        return created.id;
      }),
    );
  });
  return packageDetail(app.db, scope, id);
}

/** The built-in build is not the operator's to change: 409005 'ota.builtin'. */
const builtinRefused = () => new AppError(ResultCode.stateConflict, 'ota.builtin');

/** PATCH ota/package/:id: description and target models. */
export async function editPackage(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  body: z.output<typeof otaPackageEditRequestSchema>,
): Promise<OtaPackageItem> {
  assertPlatform(scope);
  const [current] = await app.db.select().from(otaPackages).where(eq(otaPackages.id, id)).limit(1);
  if (!current) throw notFound();
  await versionRace(app.db, current.version, body.model_ids, () =>
    app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(otaPackages).where(eq(otaPackages.id, id)).for('update');
      if (!row) throw notFound();
      if (row.builtin) throw builtinRefused();
      await tx.update(otaPackages).set({ description: body.description }).where(eq(otaPackages.id, id));
      await setModels(tx, id, row.version, body.model_ids);
    }),
  );
  return packageDetail(app.db, scope, id);
}

/** DELETE ota/package: all of these or none (404001); the built-in build is refused; their files and plans go. */
export async function deletePackages(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  assertPlatform(scope);
  const unique = [...new Set(ids)];
  const removed = await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: otaPackages.id, builtin: otaPackages.builtin, fileId: otaPackages.fileId })
      .from(otaPackages)
      .where(inArray(otaPackages.id, unique))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((row) => row.builtin)) throw builtinRefused();
    // Their plans go with them: the screens offered one are told it went.
    await publishDevicesChanged(tx, await offeredDevicesOf(tx, unique));
    await tx.delete(otaPackages).where(inArray(otaPackages.id, unique));
    return rows;
  });
  for (const { fileId } of removed) if (fileId) await app.storage.delete(packageKey(fileId));
  return null;
}

/**
 * The player build this server ships, as a built-in package (docs/ota.md): added once per shipped
 * version, in one statement however many instances start at once; earlier builds stay listed.
 */
export async function seedShippedPlayer(db: Db) {
  await db
    .insert(otaPackages)
    .values({
      version: SHIPPED_PLAYER_VERSION,
      versionKey: versionSortKey(SHIPPED_PLAYER_VERSION),
      builtin: true,
    })
    .onConflictDoNothing();
}
