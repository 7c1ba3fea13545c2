import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { deviceKeys } from '../api';
import { controlKeys, useCommandStatus } from '../control-api';
import type { CommandRun } from './use-command-runs';

/** The acknowledgement of a command beside its control: pending → done ✓ / failed / timed out. */
export function CommandAck({ deviceId, run }: { deviceId: number; run: CommandRun }) {
  const { t } = useTranslation('device');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const commandId = 'commandId' in run ? run.commandId : null;
  const status = useCommandStatus(deviceId, commandId);
  const state = status.data?.status;

  // Once answered, the device's page reads its new state (volume, screen, screenshot) and history.
  useEffect(() => {
    if (!state || state === 'pending') return;
    queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId), exact: true });
    queryClient.invalidateQueries({ queryKey: controlKeys.commands(deviceId) });
  }, [state, deviceId, queryClient]);

  if ('error' in run) return <Ack type="danger" icon={<CloseCircleFilled />} text={errorText(run.error)} />;
  if (status.isError)
    return <Ack type="danger" icon={<CloseCircleFilled />} text={errorText(status.error)} />;
  switch (state) {
    case 'done':
      return <Ack type="success" icon={<CheckCircleFilled />} text={t('ack.done')} />;
    case 'failed': {
      const result = status.data?.result;
      return (
        <Ack type="danger" icon={<CloseCircleFilled />} text={t('ack.failed', { result: result ?? '—' })} />
      );
    }
    case 'timeout':
      return <Ack type="warning" icon={<ClockCircleOutlined />} text={t('ack.timeout')} />;
    default:
      return <Ack icon={<LoadingOutlined />} text={t('ack.pending')} />;
  }
}

type AckProps = { type?: 'success' | 'danger' | 'warning'; icon: ReactNode; text: string };

function Ack({ type, icon, text }: AckProps) {
  return (
    <Typography.Text type={type} role="status" style={{ fontSize: 12 }}>
      {icon} {text}
    </Typography.Text>
  );
}
