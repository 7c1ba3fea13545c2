import { type ProgramRef, ResultCode } from '@vitrine/contract';
import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { compositions, devices, playlists, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { publishManifestChanged, queueEmptyCheck } from '../../platform/screen-changes';
import { subtreeOf, type TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';

// A device's default content: the playlist or composition a screen plays when nothing is
// scheduled. It must be one the caller sees (else 404001) and one of the device's workspace scope
// (its workspace or one below, as a playlist holds content of its workspace or below).

/** Where a stored program lives, if the caller sees it. */
export async function programOwner(db: Db, scope: TenantScope, ref: ProgramRef) {
  const table = ref.kind === 'playlist' ? playlists : compositions;
  const [row] = await db
    .select({ companyId: table.companyId, workspaceId: table.workspaceId })
    .from(table)
    .where(and(eq(table.id, ref.id), scope.rowFilter(table)));
  return row;
}

/**
 * Refuses a program the caller does not see or of another company (404001), or not of this
 * workspace or one below it (400001): what may be the default content of the workspace's screens.
 */
export async function assertDefaultProgram(
  tx: Db,
  scope: TenantScope,
  companyId: number,
  workspaceId: number,
  ref: ProgramRef,
) {
  const home = await programOwner(tx, scope, ref);
  if (!home || home.companyId !== companyId) throw notFound();
  const links = await tx
    .select({ id: workspaces.id, parentId: workspaces.parentId })
    .from(workspaces)
    .where(eq(workspaces.companyId, companyId));
  if (!subtreeOf(links, workspaceId).includes(home.workspaceId)) {
    throw new AppError(ResultCode.validation, 'device.programWorkspace');
  }
}

/**
 * Sets (or with null clears) a device's default program inside the edit's transaction; the screen
 * hears "manifest changed" at commit when it changed. The device is one the caller may edit.
 */
export async function setDefaultProgram(
  tx: Db,
  scope: TenantScope,
  deviceId: number,
  ref: ProgramRef | null,
) {
  const [device] = await tx
    .select({ companyId: devices.companyId, workspaceId: devices.workspaceId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!device || device.companyId === null || device.workspaceId === null) throw notFound();
  if (ref !== null) await assertDefaultProgram(tx, scope, device.companyId, device.workspaceId, ref);
  await writeDefaultProgram(tx, [deviceId], ref);
}

/**
 * Gives these devices a default program (one already checked to be of their workspace scope), or
 * clears it with null, inside the caller's transaction; those it changed hear "manifest changed".
 */
export async function writeDefaultProgram(tx: Db, ids: readonly number[], ref: ProgramRef | null) {
  if (ids.length === 0) return;
  const changed = await tx
    .update(devices)
    .set({ defaultProgramKind: ref?.kind ?? null, defaultProgramId: ref?.id ?? null })
    .where(
      and(
        inArray(devices.id, [...ids]),
        ref
          ? or(
              isNull(devices.defaultProgramKind),
              ne(devices.defaultProgramKind, ref.kind),
              isNull(devices.defaultProgramId),
              ne(devices.defaultProgramId, ref.id),
            )
          : or(isNotNull(devices.defaultProgramKind), isNotNull(devices.defaultProgramId)),
      ),
    )
    .returning({ id: devices.id });
  const changedIds = changed.map((row) => row.id);
  await publishManifestChanged(tx, changedIds);
  // Without a default it may have nothing left to play.
  if (!ref) await queueEmptyCheck(tx, changedIds);
}

/** A default program counts as a use of its playlist or composition: deleting it asks, detaching clears it. */
export const deviceUses = (kind: ProgramRef['kind']): Uses => {
  const defaulting = (ids: readonly number[]) =>
    and(eq(devices.defaultProgramKind, kind), inArray(devices.defaultProgramId, [...ids]));
  return {
    find: async (tx, ids) =>
      (
        await tx
          .select({ id: devices.id, name: devices.name, signageId: devices.signageId })
          .from(devices)
          .where(defaulting(ids))
      ).map((row) => ({ id: row.id, name: row.name ?? row.signageId })),
    detach: async (tx, ids) => {
      const cleared = await tx
        .update(devices)
        .set({ defaultProgramKind: null, defaultProgramId: null })
        .where(defaulting(ids))
        .returning({ id: devices.id });
      const clearedIds = cleared.map((row) => row.id);
      await publishManifestChanged(tx, clearedIds);
      await queueEmptyCheck(tx, clearedIds);
    },
  };
};

/** Screens use the playlists and compositions they play by default. */
export function registerDefaultProgramUses(app: FastifyInstance) {
  app.uses.playlist.register('device', deviceUses('playlist'));
  app.uses.composition.register('device', deviceUses('composition'));
}
