import type { DeviceLicenseState } from '@vitrine/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLOR = { none: 'default', valid: 'green', expired: 'red', whitelisted: 'blue' } as const;

/** A device's licence state as a coloured tag. */
export function LicenseStateTag({ state }: { state: DeviceLicenseState }) {
  const { t } = useTranslation('license');
  return <Tag color={STATE_COLOR[state]}>{t(`device.states.${state}`)}</Tag>;
}
