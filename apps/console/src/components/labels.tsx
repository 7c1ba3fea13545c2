import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, isRole, ROLE_NAME } from '@vitrine/contract';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

// How shared records read on screen: role names and dates in the user's formats.

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
