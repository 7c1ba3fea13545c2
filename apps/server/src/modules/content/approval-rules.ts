import { type ApprovalState, ResultCode } from '@vitrine/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../platform/tenancy';
import { scheduleNeedsConfirm } from '../setting';

// Content approval (spec 001 §4), the rule schedules follow: while the company's approval is on
// (schedule_confirm), what a user without schedule:audit uploads or edits is pending until an
// approver approves it; an approver's own content is approved at once. An approver opening a
// pending item marks it reviewing (by them); approving or rejecting (with a reason the creator
// sees) ends the review. The creator withdraws a waiting item and submits a rejected or withdrawn
// one again. Only approved content is scheduled, put in programs or played.

/** Who approves schedules and content: holders of schedule:audit. */
export const mayApprove = (caller: Caller) => caller.permissions.includes('schedule:audit');

/** Whether what the caller uploads or edits in this company waits for an approver. */
export async function needsApproval(db: Db, caller: Caller, companyId: number): Promise<boolean> {
  return !mayApprove(caller) && (await scheduleNeedsConfirm(db, companyId));
}

/** The approval columns of new content. */
export async function approvalOfNew(db: Db, caller: Caller, companyId: number) {
  return { approvalState: (await needsApproval(db, caller, companyId)) ? 'pending' : 'approved' } as const;
}

/**
 * The approval columns of an edit: approved (or waiting) content edited by a user who needs
 * approval waits again from the start; rejected and withdrawn content stays so until its creator
 * submits it.
 */
export async function approvalOfEdit(
  db: Db,
  caller: Caller,
  row: { companyId: number; approvalState: string },
): Promise<{ approvalState?: ApprovalState; reviewerId?: null }> {
  if (row.approvalState === 'rejected' || row.approvalState === 'withdrawn') return {};
  if (!(await needsApproval(db, caller, row.companyId))) return {};
  return { approvalState: 'pending', reviewerId: null };
}

/** 400001 naming the first of these items that is not approved (what schedules and programs may not use). */
export function assertApproved(rows: readonly { name: string; approvalState: string }[]) {
  const waiting = rows.find((row) => row.approvalState !== 'approved');
  if (waiting) throw new AppError(ResultCode.validation, 'content.notApproved', { name: waiting.name });
}
