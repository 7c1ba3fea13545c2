import {
  type ApprovalState,
  AWAITING_APPROVAL,
  DeviceStatus,
  type Holiday,
  itemSeconds,
  ownSeconds,
  type PushReason,
  type PushStatus,
  type ScheduleAction,
  type ScheduleDevice,
  type ScheduleItem,
  type ScheduleSummary,
} from '@vitrine/contract';
import type { HolidayRow, ScheduleRow } from '../../db/schema';
import { mediaUrl } from '../media';
import { playedMime } from './rules';

// Schedule rows → API shapes. Counts, items and devices are read by the service and handed in.

export type ScheduleListRow = ScheduleRow & { creatorName: string | null; reviewerName: string | null };
export type PushCounts = { device_count: number; push: ScheduleSummary['push'] };

export const NO_PUSH: PushCounts = {
  device_count: 0,
  push: { pending: 0, success: 0, failed: 0, retried: 0 },
};

/**
 * Whether a schedule has ended everywhere: its last local date (or its spot's end) has passed even
 * where the clock is furthest behind (UTC-12). Its devices' own zones decide what plays; this only
 * labels the list.
 */
export function hasEnded(row: Pick<ScheduleRow, 'endDate' | 'spot'>, now = Date.now()): boolean {
  const behind = new Date(now - 12 * 3_600_000).toISOString();
  if (row.spot) {
    const start = Date.parse(`${row.spot.start}:00Z`);
    const end = new Date(start + row.spot.minutes * 60_000).toISOString().slice(0, 16);
    return behind.slice(0, 16) >= end;
  }
  return behind.slice(0, 10) > row.endDate;
}

/** The spec's device-or-schedule status number of a schedule (null for drafts and withdrawn ones). */
export function statusOf(
  row: Pick<ScheduleRow, 'state' | 'endDate' | 'spot'>,
  now = Date.now(),
): number | null {
  switch (row.state) {
    case 'pending':
    case 'reviewing':
      return DeviceStatus.unconfirmed;
    case 'rejected':
      return DeviceStatus.rejected;
    case 'approved':
      return hasEnded(row, now) ? DeviceStatus.expired : DeviceStatus.online;
    default:
      return null;
  }
}

export const presentSummary = (
  row: ScheduleListRow,
  counts: PushCounts,
  mayApprove: boolean,
): ScheduleSummary => ({
  id: row.id,
  name: row.name,
  type: row.type,
  state: row.state as ApprovalState,
  status: statusOf(row),
  ntc: AWAITING_APPROVAL.includes(row.state as ApprovalState) && mayApprove,
  reviewer_id: row.reviewerId,
  reviewer_name: row.reviewerName,
  priority: row.priority,
  start_date: row.startDate,
  end_date: row.endDate,
  spot: row.spot ?? null,
  device_count: counts.device_count,
  push: counts.push,
  reject_reason: row.rejectReason,
  workspace_id: row.workspaceId,
  creator_id: row.creatorId,
  creator_name: row.creatorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  approved_at: row.approvedAt?.toISOString() ?? null,
});

export type ScheduleItemRow = {
  contentId: number;
  duration: number | null;
  name: string;
  type: number;
  thumbnailHash: string | null;
  mediaDuration: number | null;
  mime: string | null;
  playableHash: string | null;
  width: number | null;
  height: number | null;
};

export function presentItem(row: ScheduleItemRow): ScheduleItem {
  return {
    content_id: row.contentId,
    name: row.name,
    type: row.type,
    thumbnail: mediaUrl(row.thumbnailHash),
    mime: playedMime(row),
    width: row.width,
    height: row.height,
    duration: row.duration,
    seconds: itemSeconds(row.duration, ownSeconds(row.type, row.mediaDuration)),
  };
}

export type ScheduleDeviceRow = {
  deviceId: number;
  name: string | null;
  signageId: string;
  orientation: number;
  timezone: string | null;
  pushStatus: string | null;
  pushReason: string | null;
  pushedAt: Date | null;
};

export const presentDevice = (row: ScheduleDeviceRow): ScheduleDevice => ({
  device_id: row.deviceId,
  name: row.name ?? row.signageId,
  signage_id: row.signageId,
  orientation: row.orientation,
  timezone: row.timezone,
  push_status: row.pushStatus as PushStatus | null,
  push_reason: row.pushReason as PushReason | null,
  pushed_at: row.pushedAt?.toISOString() ?? null,
});

export type AuditRow = {
  id: number;
  action: string;
  userName: string | null;
  reason: string | null;
  createdAt: Date;
};

export const presentAudit = (row: AuditRow) => ({
  id: row.id,
  action: row.action as ScheduleAction,
  user_name: row.userName,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

export const presentHoliday = (row: HolidayRow): Holiday => ({
  id: row.id,
  name: row.name,
  date: row.date,
  created_at: row.createdAt.toISOString(),
});
