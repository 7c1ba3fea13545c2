import {
  CONTENT_TYPE_PERMISSION,
  type Folder,
  LIBRARY_CONTENT_TYPES,
  type LibraryContentType,
  type Permission,
  ResultCode,
} from '@vitrine/contract';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { contentFolders, contents, workspaces } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { usableWorkspace } from '../team';
import { presentFolder } from './presenter';

// Content folders (/manager/resource/folder): each workspace has one default folder, made on
// first use, that can be neither renamed nor deleted; other folders have names unique in their
// workspace (case-insensitively) and are deleted only when empty, recycle bin included.

type FolderRecord = typeof contentFolders.$inferSelect;
type FolderCaller = { scope: TenantScope; permissions: readonly Permission[] };

/** The workspace's default folder, made when it has none; two callers at once get the same one. */
export async function defaultFolderId(tx: Db, companyId: number, workspaceId: number): Promise<number> {
  const find = async () => {
    const [row] = await tx
      .select({ id: contentFolders.id })
      .from(contentFolders)
      .where(and(eq(contentFolders.workspaceId, workspaceId), eq(contentFolders.isDefault, true)));
    return row?.id;
  };
  const found = await find();
  if (found !== undefined) return found;
  // The unique partial index content_folders_one_default settles a race: the loser inserts nothing.
  await tx
    .insert(contentFolders)
    .values({ companyId, workspaceId, name: 'Default', isDefault: true })
    .onConflictDoNothing();
  return (await find()) as number;
}

/** The workspace chosen in the top bar, which new folders and content go to. */
export async function activeWorkspace(tx: Db, scope: TenantScope) {
  if (scope.activeWorkspaceId === null) throw new AppError(ResultCode.workspaceForbidden);
  return usableWorkspace(tx, scope, scope.activeWorkspaceId);
}

/**
 * A folder the caller may see, locked: 'key share' to put content in it (a folder being deleted at
 * the same time then answers 404001 instead of breaking the foreign key), 'update' to change it.
 */
export async function visibleFolder(
  tx: Db,
  scope: TenantScope,
  id: number,
  lock: 'key share' | 'update' = 'key share',
): Promise<FolderRecord> {
  const [row] = await tx
    .select()
    .from(contentFolders)
    .where(
      and(
        eq(contentFolders.id, id),
        scope.rowFilter({ companyId: contentFolders.companyId, workspaceId: contentFolders.workspaceId }),
      ),
    )
    .for(lock);
  if (!row) throw notFound();
  return row;
}

/** The items of these types in the folder, outside the recycle bin. */
const liveCount = (types: readonly number[]) =>
  sql<number>`(select count(*) from ${contents} where ${and(
    eq(contents.folderId, contentFolders.id),
    isNull(contents.deletedAt),
    inArray(contents.type, [...types]),
  )})`.mapWith(Number);

async function folderRows(tx: Db, where: SQL | undefined, types: readonly number[]) {
  const rows = await tx
    .select({ folder: contentFolders, count: liveCount(types) })
    .from(contentFolders)
    .where(where)
    .orderBy(desc(contentFolders.isDefault), asc(sql`lower(${contentFolders.name})`), asc(contentFolders.id));
  return rows.map(({ folder, count }) => presentFolder({ ...folder, count }));
}

/** The types a folder list counts: the one asked for (403001 without its list key), or every type
 * the caller may list, so a tab's counts hold no other tab's items. */
function countedTypes(permissions: readonly Permission[], type?: LibraryContentType): number[] {
  const listable = LIBRARY_CONTENT_TYPES.filter((each) =>
    permissions.includes(CONTENT_TYPE_PERMISSION[each]),
  );
  if (type === undefined) return listable;
  if (!listable.includes(type)) throw forbidden();
  return [type];
}

/** GET resource/folder: the active workspace's folders, the default one first. */
export async function folderList(
  app: FastifyInstance,
  caller: FolderCaller,
  type?: LibraryContentType,
): Promise<Folder[]> {
  const types = countedTypes(caller.permissions, type);
  return app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, caller.scope);
    await defaultFolderId(tx, workspace.companyId, workspace.id);
    return folderRows(tx, eq(contentFolders.workspaceId, workspace.id), types);
  });
}

/**
 * Refuses a name another folder of the workspace has (409001). The workspace row is locked first,
 * so two calls naming folders alike at once are answered one after the other.
 */
async function assertNameFree(tx: Db, workspaceId: number, name: string, except?: number) {
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  const [taken] = await tx
    .select({ id: contentFolders.id })
    .from(contentFolders)
    .where(
      and(
        eq(contentFolders.workspaceId, workspaceId),
        eq(contentFolders.isDefault, false),
        sql`lower(${contentFolders.name}) = lower(${name})`,
        except === undefined ? undefined : ne(contentFolders.id, except),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(ResultCode.inUse, 'content.folderExists');
}

/** POST resource/folder: a new folder in the active workspace. */
export async function createFolder(app: FastifyInstance, scope: TenantScope, name: string): Promise<Folder> {
  return app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    await assertNameFree(tx, workspace.id, name);
    const [row] = await tx
      .insert(contentFolders)
      .values({ companyId: workspace.companyId, workspaceId: workspace.id, name })
      .returning();
    return presentFolder({ ...row, count: 0 });
  });
}

/** PATCH resource/folder/:folder_id; the default folder keeps its name (400001). */
export async function renameFolder(
  app: FastifyInstance,
  caller: FolderCaller,
  id: number,
  name: string,
): Promise<Folder> {
  return app.db.transaction(async (tx) => {
    const folder = await visibleFolder(tx, caller.scope, id, 'update');
    if (folder.isDefault) throw new AppError(ResultCode.validation, 'content.defaultFolder');
    await assertNameFree(tx, folder.workspaceId, name, folder.id);
    await tx.update(contentFolders).set({ name }).where(eq(contentFolders.id, id));
    const [item] = await folderRows(tx, eq(contentFolders.id, id), countedTypes(caller.permissions));
    return item;
  });
}

/** DELETE resource/folder/:folder_id: only an empty folder that is not the default one. */
export async function deleteFolder(app: FastifyInstance, scope: TenantScope, id: number) {
  await app.db.transaction(async (tx) => {
    const folder = await visibleFolder(tx, scope, id, 'update');
    if (folder.isDefault) throw new AppError(ResultCode.validation, 'content.defaultFolder');
    const [held] = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.folderId, id))
      .limit(1);
    if (held) throw new AppError(ResultCode.inUse, 'content.folderNotEmpty');
    await tx.delete(contentFolders).where(eq(contentFolders.id, id));
  });
  return null;
}
