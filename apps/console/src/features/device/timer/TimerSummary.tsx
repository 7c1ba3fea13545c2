import type { DeviceTimers } from '@vitrine/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/permissions';
import { timerSummary, weekdayName } from './timer-text';

/** The device's weekly timer in a line ("Mon 08:00–20:00 · …"), with a link to edit it. */
export function TimerSummary({ deviceId, timers }: { deviceId: number; timers: DeviceTimers }) {
  const { t } = useTranslation('device');
  const canEdit = usePermission('device:timer:add');
  let text = t('timer.disabled');
  if (timers.enabled)
    text = timers.timers.length ? timerSummary(timers.timers, weekdayName) : t('timer.alwaysOff');
  return (
    <Flex wrap align="center" gap="small">
      <Typography.Text>{text}</Typography.Text>
      {canEdit ? <Link to={`/device/timer/${deviceId}`}>{t('timer.link')}</Link> : null}
    </Flex>
  );
}
