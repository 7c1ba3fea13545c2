import {
  AccountStatus,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  isRole,
  ROLE_NAME,
} from '@vitrine/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

// How team records read on screen: account status, role names and dates in the user's formats.

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

/** A role's name in the current language. */
export function useRoleLabel() {
  const { t } = useTranslation('contract');
  return useCallback(
    (roleId: number) => (isRole(roleId) ? t(`role.${ROLE_NAME[roleId]}`) : String(roleId)),
    [t],
  );
}

/** A date and time in the user's chosen formats; "—" when there is none. */
export function useDateTime() {
  const { user } = useSession();
  const format = `${user?.date_format || DEFAULT_DATE_FORMAT} ${user?.time_format || DEFAULT_TIME_FORMAT}`;
  return useCallback((iso: string | null | undefined) => (iso ? dayjs(iso).format(format) : '—'), [format]);
}
