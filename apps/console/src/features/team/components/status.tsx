import { AccountStatus } from '@vitrine/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// How an account's status reads on screen.

const STATUS_VIEW: Record<number, { key: string; color: string }> = {
  [AccountStatus.inactive]: { key: 'inactive', color: 'gold' },
  [AccountStatus.active]: { key: 'active', color: 'green' },
  [AccountStatus.disabled]: { key: 'disabled', color: 'red' },
};

export const STATUS_KEYS = ['inactive', 'active', 'disabled'] as const;

/** inactive / active / disabled (spec 001 §3). */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('team');
  const view = STATUS_VIEW[status];
  if (!view) return <Tag>{status}</Tag>;
  return <Tag color={view.color}>{t(`status.${view.key}`)}</Tag>;
}
