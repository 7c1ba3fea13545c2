import { type DeviceItem, missingFeatures } from '@vitrine/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { useFeatureLabel } from './feature-gate';

/** The player version a device reports (left to right, also in Arabic), and what an upgrade would enable. */
export function PlayerVersion({ device }: { device: Pick<DeviceItem, 'system_version'> }) {
  const { t, i18n } = useTranslation('device');
  const label = useFeatureLabel();
  const missing = missingFeatures(device.system_version);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <Flex vertical gap={4}>
      <span>{device.system_version ? leftToRight(device.system_version) : '—'}</span>
      {missing.length > 0 ? (
        <Typography.Text type="secondary">
          {t('version.upgradeHint', { features: list.format(missing.map(label)) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
