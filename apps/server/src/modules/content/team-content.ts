import type { ListResult, TeamContentItem } from '@vitrine/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { ContentHolder, TeamListQuery } from '../../platform/team-lists';
import type { TenantScope } from '../../platform/tenancy';

// The content tab of a company's or a workspace's page: what its library holds (not the bin),
// within the caller's tenant scope.

const SORT = { created_at: contents.createdAt };

export async function teamContentList(
  db: Db,
  scope: TenantScope,
  holder: ContentHolder,
  query: TeamListQuery,
): Promise<ListResult<TeamContentItem>> {
  const where = and(
    'workspaceId' in holder
      ? eq(contents.workspaceId, holder.workspaceId)
      : eq(contents.companyId, holder.companyId),
    isNull(contents.deletedAt),
    scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
    keywordFilter(query.keyword, contents.name),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: contents.id,
        name: contents.name,
        type: contents.type,
        size: contents.size,
        workspaceId: contents.workspaceId,
        createdAt: contents.createdAt,
      })
      .from(contents)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', contents.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(contents).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      content_id: row.id,
      name: row.name,
      type: row.type,
      size: row.size,
      group_id: row.workspaceId,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}
