import type { DeviceLicense, LicenseType } from '@vitrine/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';

type Props = {
  /** The licence the device holds now (none: no warning). */
  held: DeviceLicense | null | undefined;
  /** The type of the licence about to replace it, once known. */
  chosen: LicenseType | undefined;
};

/** Before binding: the device's licence is replaced, and it says so louder when the type changes. */
export function ReplaceWarning({ held, chosen }: Props) {
  const { t } = useTranslation('license');
  if (!held) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        chosen && chosen !== held.type
          ? t('bind.replacesOther', { held: t(`type.${held.type}`), chosen: t(`type.${chosen}`) })
          : t('bind.replaces', { batch: leftToRight(held.batch_no) })
      }
    />
  );
}
