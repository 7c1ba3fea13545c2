import { OTA_DEVICE_STATES, type OtaDeviceState, type OtaPlanCounts } from '@vitrine/contract';
import { type BadgeProps, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the devices of a plan stand: each state its colour (antd's palette names). */
export const STATE_COLORS: Record<OtaDeviceState, BadgeProps['status']> = {
  waiting: 'default',
  downloading: 'processing',
  installing: 'processing',
  installed: 'success',
  failed: 'error',
  skipped: 'warning',
  cancelled: 'default',
};

/** Ends a device's part in the plan: installed, failed, skipped, cancelled. */
const FINAL: readonly OtaDeviceState[] = ['installed', 'failed', 'skipped', 'cancelled'];

type Props = { counts: OtaPlanCounts; total: number; width?: number };

/**
 * A plan's progress: a bar of the devices done (installed in green within it) and the count of
 * each state that has devices, out of the plan's total.
 */
export function PlanProgress({ counts, total, width = 180 }: Props) {
  const { t } = useTranslation('ota');
  const done = FINAL.reduce((sum, state) => sum + counts[state], 0);
  const percent = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  const present = OTA_DEVICE_STATES.filter((state) => counts[state] > 0);
  return (
    <Flex vertical gap={2} style={{ minInlineSize: width, maxInlineSize: width }}>
      <Progress
        percent={percent(done)}
        success={{ percent: percent(counts.installed) }}
        size="small"
        format={() => t('plan.done', { done, total })}
        aria-label={t('plan.done', { done, total })}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="plan-counts">
        {present
          .map((state) => t('plan.labelCount', { label: t(`plan.state.${state}`), n: counts[state] }))
          .join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
