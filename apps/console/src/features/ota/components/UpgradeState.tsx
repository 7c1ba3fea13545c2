import type { OtaDeviceState } from '@vitrine/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OtaDeviceState, string> = {
  waiting: 'default',
  downloading: 'processing',
  installing: 'processing',
  installed: 'success',
  failed: 'error',
  skipped: 'default',
  cancelled: 'warning',
};

/** A device's state in an approved upgrade: Waiting, Downloading, … Installed, Failed. */
export function UpgradeState({ state }: { state: OtaDeviceState }) {
  const { t } = useTranslation('ota-device');
  return (
    <Tag color={COLORS[state]} className="ota-upgrade-state" style={{ marginInlineEnd: 0 }}>
      {t(`state.${state}`)}
    </Tag>
  );
}
