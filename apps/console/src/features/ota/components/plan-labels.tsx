import type { OtaPlanItem, OtaPlanStatus } from '@vitrine/contract';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';

// How a plan reads in the list and its details: its status, what it was sent to, and when its
// devices get it.

const STATUS_COLORS: Record<OtaPlanStatus, string> = {
  running: 'processing',
  paused: 'warning',
  cancelled: 'default',
  finished: 'success',
};

export function PlanStatusTag({ status }: { status: OtaPlanStatus }) {
  const { t } = useTranslation('ota');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="plan-status">
      {t(`plan.status.${status}`)}
    </Tag>
  );
}

/** "Instant", "From 12-01-2026 09:00", "12-01-2026 09:00 – 12-01-2026 18:00": local times, in the user's format. */
export function useTimingText() {
  const { t } = useTranslation('ota');
  const dateTime = useDateTime();
  // A plan's times are wall-clock times without a zone: read and shown as they are.
  const local = useCallback((value: string | null) => leftToRight(dateTime(value)), [dateTime]);
  return useCallback(
    (plan: Pick<OtaPlanItem, 'timing' | 'at' | 'window_start' | 'window_end'>) => {
      if (plan.timing === 'at') return t('plan.timingText.at', { at: local(plan.at) });
      if (plan.timing === 'window')
        return t('plan.timingText.window', { start: local(plan.window_start), end: local(plan.window_end) });
      return t('plan.timing.instant');
    },
    [t, local],
  );
}

const TARGET_KINDS = [
  ['devices', 'plan.field.devices'],
  ['workspaces', 'plan.field.workspaces'],
  ['models', 'plan.field.models'],
] as const;

/** "Devices 2 · Workspaces 1": what the plan was sent to when it was created, the kinds asked for. */
export function useTargetsText() {
  const { t } = useTranslation('ota');
  return useCallback(
    (plan: Pick<OtaPlanItem, 'targets'>) =>
      TARGET_KINDS.filter(([kind]) => plan.targets[kind] > 0)
        .map(([kind, label]) => t('plan.labelCount', { label: t(label), n: plan.targets[kind] }))
        .join(' · '),
    [t],
  );
}
