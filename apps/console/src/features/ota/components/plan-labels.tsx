import type { OtaPlanItem, OtaPlanStatus } from '@vitrine/contract';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';

// How a plan reads in the list and its details: its status, and when its devices get it.

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
