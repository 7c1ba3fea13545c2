import {
  type ApprovalState,
  CONFIRMATION_MARKER,
  DeviceStatus,
  type PushStatus,
  type ScheduleSummary,
} from '@vitrine/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// How schedules read on screen: their status (the spec's DeviceStatus numbers), push statuses, the
// `ntc` marker, their period and their time frames' repetition.

export const SCHEDULE_PATHS = {
  live: '/schedule/live',
  audit: '/schedule/audit',
  add: '/schedule/add',
  spot: '/schedule/spot',
  edit: (id: number) => `/schedule/edit/${id}`,
  approval: (id: number) => `/schedule/audits/${id}`,
  view: (id: number) => `/schedule/view/${id}`,
} as const;

const STATUS_VIEW: Record<number, { key: string; color: string }> = {
  [DeviceStatus.unconfirmed]: { key: 'pending', color: 'gold' },
  [DeviceStatus.online]: { key: 'live', color: 'green' },
  [DeviceStatus.rejected]: { key: 'rejected', color: 'red' },
  [DeviceStatus.expired]: { key: 'expired', color: 'default' },
};
const STATE_COLOR: Record<ApprovalState, string> = {
  draft: 'default',
  pending: 'gold',
  reviewing: 'processing',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** pending / live / rejected (with its reason) / expired; drafts and withdrawn ones by their state. */
export function ScheduleStatusTag({
  schedule,
}: {
  schedule: Pick<ScheduleSummary, 'status' | 'state' | 'reject_reason' | 'reviewer_name'>;
}) {
  const { t } = useTranslation('schedule');
  const view = schedule.status === null ? undefined : STATUS_VIEW[schedule.status];
  const tag = view ? (
    <Tag color={view.color}>{t(`status.${view.key}`)}</Tag>
  ) : (
    <Tag color={STATE_COLOR[schedule.state]}>{t(`state.${schedule.state}`)}</Tag>
  );
  if (schedule.state === 'reviewing') {
    return (
      <Flex vertical gap={2} align="start">
        <Tag color={STATE_COLOR.reviewing}>{t('state.reviewing')}</Tag>
        {schedule.reviewer_name ? (
          <Typography.Text type="secondary" className="schedule-reason" dir="auto">
            {t('reviewedBy', { name: schedule.reviewer_name })}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  }
  if (schedule.status !== DeviceStatus.rejected || !schedule.reject_reason) return tag;
  return (
    <Flex vertical gap={2} align="start">
      {tag}
      <Typography.Text type="danger" className="schedule-reason" dir="auto">
        {t('rejectReason', { reason: schedule.reject_reason })}
      </Typography.Text>
    </Flex>
  );
}

/** The `ntc` marker: pending, and the caller may approve it. */
export function NeedsConfirmTag() {
  const { t } = useTranslation('schedule');
  return (
    <Tooltip title={t('ntc.hint')}>
      <Tag color="orange" data-marker={CONFIRMATION_MARKER}>
        {t('ntc.label')}
      </Tag>
    </Tooltip>
  );
}

const PUSH_COLOR: Record<PushStatus, string> = {
  pending: 'processing',
  success: 'green',
  failed: 'red',
  retried: 'blue',
};

/** Devices per push status of the last publication: only the statuses some device has. */
export function PushSummary({ push }: { push: ScheduleSummary['push'] }) {
  const { t } = useTranslation('schedule');
  const shown = (['failed', 'pending', 'retried', 'success'] as const).filter((status) => push[status] > 0);
  if (shown.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={4} className="schedule-push">
      {shown.map((status) => (
        <Tag key={status} color={PUSH_COLOR[status]}>
          {t(`push.count.${status}`, { n: push[status] })}
        </Tag>
      ))}
    </Flex>
  );
}

/** One device's push status. */
export function PushTag({ status }: { status: PushStatus | null }) {
  const { t } = useTranslation('schedule');
  if (!status) return <Typography.Text type="secondary">{t('push.none')}</Typography.Text>;
  return <Tag color={PUSH_COLOR[status]}>{t(`push.${status}`)}</Tag>;
}

/** A schedule type's name. */
export function useTypeLabel() {
  const { t } = useTranslation('schedule');
  return useCallback((type: string) => t(`type.${type}`, { defaultValue: type }), [t]);
}

/** "2026-05-01 – 2026-05-31", or a spot's start and minutes. */
export function usePeriod() {
  const { t } = useTranslation('schedule');
  return useCallback(
    (schedule: Pick<ScheduleSummary, 'start_date' | 'end_date' | 'spot'>) =>
      schedule.spot
        ? t('spotPeriod', { start: schedule.spot.start.replace('T', ' '), minutes: schedule.spot.minutes })
        : schedule.start_date === schedule.end_date
          ? schedule.start_date
          : t('period', { start: schedule.start_date, end: schedule.end_date }),
    [t],
  );
}

const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** A frame's repetition in words: every day, weekly on days, monthly on dates, with its interval. */
export function useRepeatLabel() {
  const { t } = useTranslation('schedule');
  return useCallback(
    (rrule: string) => {
      const parts = Object.fromEntries(rrule.split(';').map((part) => part.split('=') as [string, string]));
      const interval = Number(parts.INTERVAL ?? 1);
      const list = (values: string[]) => values.join(t('listSeparator'));
      const every = interval > 1 ? 'Interval' : '';
      if (parts.FREQ === 'DAILY') return t(`repeat.daily${every}`, { n: interval });
      if (parts.FREQ === 'WEEKLY') {
        const days = (parts.BYDAY ?? '')
          .split(',')
          .filter((day: string) => (DAY_CODES as readonly string[]).includes(day))
          .map((day: string) => t(`weekday.${day}`));
        return t(`repeat.weekly${every}`, { n: interval, days: list(days) });
      }
      if (parts.FREQ === 'MONTHLY') {
        return t(`repeat.monthly${every}`, { n: interval, dates: list((parts.BYMONTHDAY ?? '').split(',')) });
      }
      return rrule;
    },
    [t],
  );
}

/** "08:00 – 12:00", marked when it runs past midnight. */
export function useFrameLabel() {
  const { t } = useTranslation('schedule');
  return useCallback(
    (frame: { start: string; end: string }) =>
      frame.end <= frame.start && frame.end !== '24:00'
        ? t('frameOvernight', { start: frame.start, end: frame.end })
        : t('frame', { start: frame.start, end: frame.end }),
    [t],
  );
}
