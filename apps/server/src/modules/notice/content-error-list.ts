import type { ContentErrorLogRow, contentErrorListQuerySchema, ListResult } from '@vitrine/contract';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contentErrors, contents, devices } from '../../db/schema';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { deviceName } from '../statistics';

// GET /backend/manager/notice/content-error (/notice/content-error): the items players could not
// show (content-errors.ts keeps them), newest first, through the caller's scope.

type Query = z.output<typeof contentErrorListQuerySchema>;

function periodOf(query: Query): SQL | undefined {
  if (query.days !== undefined) {
    return gte(contentErrors.createdAt, sql`now() - (${query.days}::int * interval '1 day')`);
  }
  return and(
    query.from === undefined ? undefined : gte(contentErrors.createdAt, new Date(query.from)),
    query.to === undefined ? undefined : lte(contentErrors.createdAt, new Date(query.to)),
  );
}

export async function contentErrorList(
  db: Db,
  scope: TenantScope,
  query: Query,
): Promise<ListResult<ContentErrorLogRow>> {
  const where = and(
    scope.rowFilter({ companyId: contentErrors.companyId, workspaceId: contentErrors.workspaceId }),
    query.device_id === undefined ? undefined : eq(contentErrors.deviceId, query.device_id),
    query.content_id === undefined ? undefined : eq(contentErrors.contentId, query.content_id),
    periodOf(query),
    keywordFilter(query.keyword, devices.name, devices.signageId, contents.name, contentErrors.message),
  );
  const { limit, offset } = pageOf(query);
  const from = () =>
    db
      .select({
        id: contentErrors.id,
        deviceId: contentErrors.deviceId,
        deviceName,
        contentId: contentErrors.contentId,
        contentName: contents.name,
        contentType: contents.type,
        itemKey: contentErrors.itemKey,
        reason: contentErrors.reason,
        message: contentErrors.message,
        createdAt: contentErrors.createdAt,
      })
      .from(contentErrors)
      .innerJoin(devices, eq(devices.id, contentErrors.deviceId))
      .leftJoin(contents, eq(contents.id, contentErrors.contentId));
  const [rows, [{ total }]] = await Promise.all([
    from()
      .where(where)
      .orderBy(
        ...orderOf(query.sort, { created_at: contentErrors.createdAt }, 'created_at,desc', contentErrors.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(contentErrors)
      .innerJoin(devices, eq(devices.id, contentErrors.deviceId))
      .leftJoin(contents, eq(contents.id, contentErrors.contentId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      device_id: row.deviceId,
      device_name: row.deviceName,
      content_id: row.contentId,
      content_name: row.contentName,
      content_type: row.contentType,
      item_key: row.itemKey,
      reason: row.reason,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}
