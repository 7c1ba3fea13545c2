import type {
  SliceInit,
  StartupKind,
  StartupMedia,
  StartupSetting,
  startupSetRequestSchema,
  startupUploadInitRequestSchema,
} from '@vitrine/contract';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { devices, type StartupMediaRow, startupMedia } from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { forbidden, notFound } from '../../platform/errors';
import type { Caller, TenantScope } from '../../platform/tenancy';
import { assertModel } from '../device-model';
import { lockHash, mediaUrl, removeUnreferencedMedia, storeFile, storeSmallFile } from '../media';
import { claimUpload, dropUpload, startUpload, useVerifiedUpload } from '../upload';
import { measureStartupFile } from './checks';

// Startup media (spec 001 §5; docs/device-features.md): one video and one logo per company and per
// device model. A file comes through the chunked upload (purpose 'startup'); setting it checks the
// file, then in one transaction takes the upload, stores the file (and the logo's PNG) by hash,
// replaces the owner's row of that kind and tells the screens concerned their state changed.

/** Whose startup media: a company's or a device model's. */
export type StartupOwner = { companyId: number } | { modelId: number };

const ownedBy = (owner: StartupOwner): SQL =>
  'companyId' in owner
    ? eq(startupMedia.companyId, owner.companyId)
    : eq(startupMedia.modelId, owner.modelId);

const present = (row: StartupMediaRow | undefined): StartupMedia | null =>
  row
    ? {
        id: row.id,
        url: mediaUrl(row.playHash) as string,
        file_name: row.fileName,
        size: row.size,
        width: row.width,
        height: row.height,
        duration: row.duration,
        frame_rate: row.frameRate,
        created_at: row.createdAt.toISOString(),
      }
    : null;

async function settingOf(db: Db, owner: StartupOwner): Promise<StartupSetting> {
  const rows = await db.select().from(startupMedia).where(ownedBy(owner));
  const of = (kind: StartupKind) => present(rows.find((row) => row.kind === kind));
  return { video: of('video'), logo: of('logo') };
}

/** The company a tenant caller belongs to (any of its roles may read what its screens show). */
function companyOf(scope: TenantScope): number {
  if ((scope.kind !== 'company' && scope.kind !== 'workspace') || scope.companyId === null) throw forbidden();
  return scope.companyId;
}

/** Only the owner changes the whole company's screens (403001 for a user admin or a user). */
function ownCompany(scope: TenantScope): number {
  if (scope.kind !== 'company' || scope.companyId === null) throw forbidden();
  return scope.companyId;
}

/** The files an owner's startup media keep (the uploaded file and what players are given). */
export async function heldStartupFiles(tx: Db, owner: StartupOwner): Promise<string[]> {
  const rows = await tx
    .select({ hash: startupMedia.hash, playHash: startupMedia.playHash })
    .from(startupMedia)
    .where(ownedBy(owner));
  return rows.flatMap((row) => [row.hash, row.playHash]);
}

/** GET startup: the caller's company's. */
export const companyStartup = (db: Db, scope: TenantScope) => settingOf(db, { companyId: companyOf(scope) });

/** GET device-model/:id/startup: 404001 for a model that does not exist. */
export async function modelStartup(db: Db, id: number): Promise<StartupSetting> {
  await assertModel(db, id);
  return settingOf(db, { modelId: id });
}

/**
 * POST startup/slice-upload-init: the company's owner (for the company) or the platform (for a
 * model) may upload; the upload is theirs, of their company or of none.
 */
export function initStartupUpload(
  app: FastifyInstance,
  caller: Caller,
  input: z.output<typeof startupUploadInitRequestSchema>,
): Promise<SliceInit> {
  const { scope, permissions } = caller;
  const companyId =
    scope.isPlatform && permissions.includes('setting:model-manage') ? null : ownCompany(scope);
  return startUpload(app, scope, { ...input, mime: '', purpose: 'startup', type: 0 }, async () => ({
    companyId,
    workspaceId: null,
    folderId: null,
  }));
}

/** The screens an owner's startup media reach: the company's paired screens, or the model's. */
const screensOf = (owner: StartupOwner): SQL =>
  'companyId' in owner
    ? eq(devices.companyId, owner.companyId)
    : (and(eq(devices.modelId, owner.modelId), isNotNull(devices.companyId)) as SQL);

/** Sets or clears one kind for an owner; answers the owner's setting. */
async function setStartup(
  app: FastifyInstance,
  scope: TenantScope,
  owner: StartupOwner,
  body: z.output<typeof startupSetRequestSchema>,
): Promise<StartupSetting> {
  const { kind } = body;
  let replaced: StartupMediaRow[] = [];
  // Replaces the owner's row of this kind (inside the write's transaction) and tells its screens.
  const replace = async (tx: Db, values: typeof startupMedia.$inferInsert | null) => {
    if ('modelId' in owner) await assertModel(tx, owner.modelId); // not deleted meanwhile
    replaced = await tx
      .delete(startupMedia)
      .where(and(ownedBy(owner), eq(startupMedia.kind, kind)))
      .returning();
    if (values) await tx.insert(startupMedia).values(values);
    const screens = await tx.select({ id: devices.id }).from(devices).where(screensOf(owner));
    await publishDevicesChanged(
      tx,
      screens.map(({ id }) => id),
    );
  };

  if (body.upload_id === null) {
    await app.db.transaction((tx) => replace(tx, null));
  } else {
    await useVerifiedUpload(app, scope, body.upload_id, 'startup', async ({ row, file }) => {
      const measured = await measureStartupFile(kind, file).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound(); // claimed or swept meanwhile
        await dropUpload(app, row.id); // refused: the file is not one to set
        throw error;
      });
      const write = async (tx: Db, playHash: string) => {
        await lockHash(tx, row.hash);
        await claimUpload(app, tx, row.id);
        await replace(tx, {
          ...('companyId' in owner ? { companyId: owner.companyId } : { modelId: owner.modelId }),
          kind,
          hash: row.hash,
          playHash,
          fileName: row.name,
          size: row.size,
          width: measured.width,
          height: measured.height,
          duration: measured.duration,
          frameRate: measured.frameRate,
        });
        // Last: a refusal above leaves the upload as it was.
        await storeFile(app.storage, file, row.hash);
      };
      const { png } = measured;
      if (png) await storeSmallFile(app, png, (tx, stored) => write(tx, stored.hash));
      else await app.db.transaction((tx) => write(tx, row.hash));
    });
  }
  await removeUnreferencedMedia(
    app,
    replaced.flatMap((old) => [old.hash, old.playHash]),
  );
  return settingOf(app.db, owner);
}

/** PUT startup: the owner's company's. */
export const setCompanyStartup = (
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof startupSetRequestSchema>,
) => setStartup(app, scope, { companyId: ownCompany(scope) }, body);

/** PUT device-model/:id/startup: 404001 for a model that does not exist. */
export async function setModelStartup(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  body: z.output<typeof startupSetRequestSchema>,
): Promise<StartupSetting> {
  if (!scope.isPlatform) throw forbidden();
  await assertModel(app.db, id);
  return setStartup(app, scope, { modelId: id }, body);
}

/** One kind's hash for the device being read: its model's, else its company's. */
const startupHashOf = (kind: StartupKind) => sql`(select s.play_hash from ${startupMedia} s
    where s.kind = ${kind}
      and (s.model_id = "devices"."model_id" or s.company_id = "devices"."company_id")
    order by s.model_id is null limit 1)`;

/** The startup media's hashes of a device, as a column of a query on `devices` (the player's state). */
export const startupHashes = (): SQL<{ logo: string | null; video: string | null }> =>
  sql<{
    logo: string | null;
    video: string | null;
  }>`json_build_object('logo', ${startupHashOf('logo')}, 'video', ${startupHashOf('video')})`;
