import {
  OTA_SKIP_REASONS,
  type OtaPlanItem,
  type OtaPlanStatus,
  type OtaReasonCode,
  type OtaReasonParams,
} from '@vitrine/contract';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';

// How a plan reads in the list and its details: its status, what it was sent to, when its devices
// get it, and why a device was skipped or failed.

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

type Reasoned = {
  reason_code: OtaReasonCode | null;
  reason_params: OtaReasonParams | null;
  reason: string | null;
};

/**
 * Why a plan's device was skipped or failed, in the reader's language: its code worded with its
 * values (versions, MD5s, seconds: each isolated left to right), or else the player's own words.
 * Null when there is no reason.
 */
export function useReasonText() {
  const { t } = useTranslation('ota');
  return useCallback(
    ({ reason_code, reason_params, reason }: Reasoned) => {
      if (reason_code) {
        const values = Object.fromEntries(
          Object.entries(reason_params ?? {}).map(([name, value]) => [name, leftToRight(String(value))]),
        );
        const group = (OTA_SKIP_REASONS as readonly string[]).includes(reason_code)
          ? 'skipReason'
          : 'failure';
        return t(`plan.${group}.${reason_code}`, values);
      }
      return reason ? <Name>{reason}</Name> : null;
    },
    [t],
  );
}
