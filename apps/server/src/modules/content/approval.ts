import {
  type ApprovalState,
  AWAITING_APPROVAL,
  type ContentItem,
  type contentApprovalListQuerySchema,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { Caller } from '../../platform/tenancy';
import { approvalOfNew, mayApprove } from './approval-rules';
import { assertTypes, contentDetail, selectRows, visible } from './library';
import { presentContent } from './presenter';

// The approval steps of content (the rules are in approval-rules.ts), each in one transaction.

const stateConflict = () => new AppError(ResultCode.stateConflict, 'content.approvalState');

const awaiting = inArray(contents.approvalState, [...AWAITING_APPROVAL]);

/** The item in the caller's scope and in the library, locked for the write. */
async function lockedItem(tx: Db, caller: Caller, id: number) {
  const [row] = await tx
    .select({
      id: contents.id,
      companyId: contents.companyId,
      type: contents.type,
      approvalState: contents.approvalState,
      reviewerId: contents.reviewerId,
      uploaderId: contents.uploaderId,
    })
    .from(contents)
    .where(and(eq(contents.id, id), visible(caller.scope), isNull(contents.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

type Transition = (tx: Db, row: Awaited<ReturnType<typeof lockedItem>>) => Promise<unknown>;

/** One approval step in one transaction, then the item as it is now. */
async function step(app: FastifyInstance, caller: Caller, id: number, change: Transition) {
  await app.db.transaction(async (tx) => change(tx, await lockedItem(tx, caller, id)));
  return contentDetail(app.db, caller.scope, id);
}

const update = (tx: Db, id: number, values: Partial<typeof contents.$inferInsert>) =>
  tx.update(contents).set(values).where(eq(contents.id, id));

/** GET resource/approvals: content in scope waiting for approval, of any type. */
export async function contentApprovals(
  db: Db,
  caller: Caller,
  query: z.output<typeof contentApprovalListQuerySchema>,
): Promise<ListResult<ContentItem>> {
  const where = and(
    visible(caller.scope),
    isNull(contents.deletedAt),
    awaiting,
    keywordFilter(query.keyword, contents.name),
  );
  const sort = { created_at: contents.createdAt, updated_at: contents.updatedAt, name: contents.name };
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, sort, 'updated_at,asc', contents.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(contents)
      .where(where),
  ]);
  return { list: rows.map(presentContent), total };
}

/** How many items in scope wait for the caller's approval (the approval list's dot). */
export async function pendingContentCount(db: Db, caller: Caller): Promise<number> {
  if (!mayApprove(caller)) return 0;
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(contents)
    .where(and(visible(caller.scope), isNull(contents.deletedAt), awaiting));
  return row.total;
}

/** POST resource/:id/review: an approver opens a pending item; one already reviewing keeps its reviewer. */
export const reviewContent = (app: FastifyInstance, caller: Caller, id: number) =>
  step(app, caller, id, async (tx, row) => {
    if (row.approvalState === 'reviewing') return;
    if (row.approvalState !== 'pending') throw stateConflict();
    await update(tx, id, { approvalState: 'reviewing', reviewerId: caller.scope.user.userId });
  });

/** POST resource/:id/approve: a waiting item may now be used. */
export const approveContent = (app: FastifyInstance, caller: Caller, id: number) =>
  step(app, caller, id, async (tx, row) => {
    if (!AWAITING_APPROVAL.includes(row.approvalState as ApprovalState)) throw stateConflict();
    await update(tx, id, { approvalState: 'approved', reviewerId: null, rejectReason: null });
  });

/** POST resource/:id/reject {reason}: a waiting item goes back to its creator with the reason. */
export const rejectContent = (app: FastifyInstance, caller: Caller, id: number, reason: string) =>
  step(app, caller, id, async (tx, row) => {
    if (!AWAITING_APPROVAL.includes(row.approvalState as ApprovalState)) throw stateConflict();
    await update(tx, id, { approvalState: 'rejected', reviewerId: null, rejectReason: reason });
  });

/** The creator only (403001 for anyone else), holding the item type's permission. */
function assertCreator(caller: Caller, row: { type: number; uploaderId: number | null }) {
  assertTypes(caller, [row.type]);
  if (row.uploaderId !== caller.scope.user.userId) throw forbidden();
}

/** POST resource/:id/withdraw: the creator takes back a waiting item. */
export const withdrawContent = (app: FastifyInstance, caller: Caller, id: number) =>
  step(app, caller, id, async (tx, row) => {
    assertCreator(caller, row);
    if (!AWAITING_APPROVAL.includes(row.approvalState as ApprovalState)) throw stateConflict();
    await update(tx, id, { approvalState: 'withdrawn', reviewerId: null });
  });

/** POST resource/:id/submit: the creator sends a rejected or withdrawn item again (approved at once if they need no approval). */
export const submitContent = (app: FastifyInstance, caller: Caller, id: number) =>
  step(app, caller, id, async (tx, row) => {
    assertCreator(caller, row);
    if (row.approvalState !== 'rejected' && row.approvalState !== 'withdrawn') throw stateConflict();
    await update(tx, id, {
      ...(await approvalOfNew(tx, caller, row.companyId)),
      reviewerId: null,
      rejectReason: null,
      updatedAt: new Date(),
    });
  });
