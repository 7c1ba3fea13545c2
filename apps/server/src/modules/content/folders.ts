import { type Folder, ResultCode } from '@vitrine/contract';
import { and, asc, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { contentFolders, contents, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { usableWorkspace } from '../team/workspaces';
import { presentFolder } from './presenter';

// Content folders (/manager/resource/folder): each workspace has one default folder, made on
// first use, that can be neither renamed nor deleted; other folders have names unique in their
// workspace (case-insensitively) and are deleted only when empty, recycle bin included.

type FolderRecord = typeof contentFolders.$inferSelect;

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

const liveCount = sql<number>`(select count(*) from ${contents} where ${and(
  eq(contents.folderId, contentFolders.id),
  isNull(contents.deletedAt),
)})`.mapWith(Number);

async function folderRows(tx: Db, where: SQL | undefined) {
  const rows = await tx
    .select({ folder: contentFolders, count: liveCount })
    .from(contentFolders)
    .where(where)
    .orderBy(desc(contentFolders.isDefault), asc(sql`lower(${contentFolders.name})`), asc(contentFolders.id));
  return rows.map(({ folder, count }) => presentFolder({ ...folder, count }));
}

/** GET resource/folder: the active workspace's folders, the default one first. */
export async function folderList(app: FastifyInstance, scope: TenantScope): Promise<Folder[]> {
  return app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    await defaultFolderId(tx, workspace.companyId, workspace.id);
    return folderRows(tx, eq(contentFolders.workspaceId, workspace.id));
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
  scope: TenantScope,
  id: number,
  name: string,
): Promise<Folder> {
  return app.db.transaction(async (tx) => {
    const folder = await visibleFolder(tx, scope, id, 'update');
    if (folder.isDefault) throw new AppError(ResultCode.validation, 'content.defaultFolder');
    await assertNameFree(tx, folder.workspaceId, name, folder.id);
    await tx.update(contentFolders).set({ name }).where(eq(contentFolders.id, id));
    const [item] = await folderRows(tx, eq(contentFolders.id, id));
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
