import type { DeviceItem } from '@vitrine/contract';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { useUnits } from '../../../lib/units';

/**
 * What the screen reported of its storage (the browser's estimate): used of its quota with a gauge,
 * or the spec's "cannot get device storage data" when it never said (docs/device-storage.md).
 */
export function DeviceStorage({ device }: { device: Pick<DeviceItem, 'free_storage' | 'storage_quota'> }) {
  const { t } = useTranslation(['device', 'contract']);
  const units = useUnits();
  const { free_storage: free, storage_quota: quota } = device;
  if (free === null || quota === null) {
    return <Typography.Text type="warning">{t('contract:device.storageUnknown')}</Typography.Text>;
  }
  const used = Math.max(0, quota - free);
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 100;
  // Sizes are left-to-right tokens inside an Arabic sentence.
  const size = (bytes: number) => leftToRight(units.bytes(bytes));
  return (
    <Flex vertical gap={4}>
      <Progress
        percent={percent}
        size="small"
        status={free === 0 ? 'exception' : 'normal'}
        aria-label={t('field.storage')}
      />
      <Typography.Text>
        {t('storageUse.usedOf', { used: size(used), quota: size(quota), free: size(free) })}
      </Typography.Text>
    </Flex>
  );
}
