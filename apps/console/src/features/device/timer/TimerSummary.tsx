import type { DeviceItem } from '@vitrine/contract';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/permissions';
import { useUnsupported } from '../components/feature-gate';
import { timerSummary, weekdayName } from './timer-text';

/** The device's weekly timer in a line ("Mon 08:00–20:00 · …"), with a link to edit it (greyed out when its player has no timers). */
export function TimerSummary({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('device');
  const canEdit = usePermission('device:timer:add');
  const unsupported = useUnsupported()([device], 'timers');
  const { device_id: deviceId, timers } = device;
  let text = t('timer.disabled');
  if (timers.enabled)
    text = timers.timers.length ? timerSummary(timers.timers, weekdayName) : t('timer.alwaysOff');
  return (
    <Flex wrap align="center" gap="small">
      <Typography.Text>{text}</Typography.Text>
      {canEdit && unsupported !== null ? (
        <Tooltip title={unsupported}>
          <Typography.Text type="secondary" disabled>
            {t('timer.link')}
          </Typography.Text>
        </Tooltip>
      ) : null}
      {canEdit && unsupported === null ? (
        <Link to={`/device/timer/${deviceId}`}>{t('timer.link')}</Link>
      ) : null}
    </Flex>
  );
}
