import { DownOutlined } from '@ant-design/icons';
import { DEVICE_COMMAND_LIMIT, type DeviceItem } from '@vitrine/contract';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useBatchCommand } from '../control-api';
import { useUnsupported } from './feature-gate';

const BATCH_ACTIONS = ['reboot', 'refresh', 'identify', 'screen-off', 'screen-on'] as const;

/**
 * "Send command" for the selected devices: one call for all, at most DEVICE_COMMAND_LIMIT of them;
 * a command one of their player versions lacks is greyed out.
 */
export function BatchCommandMenu({ devices }: { devices: readonly DeviceItem[] }) {
  const { t } = useTranslation(['device', 'contract']);
  const batch = useBatchCommand();
  // A command some selected device's player lacks is greyed out, with the server's refusal.
  const unsupported = useUnsupported();

  const send = (action: (typeof BATCH_ACTIONS)[number]) => {
    if (devices.length > DEVICE_COMMAND_LIMIT) {
      notify({ type: 'error', title: t('contract:device.limit', { limit: DEVICE_COMMAND_LIMIT }) });
      return;
    }
    batch.mutate(
      { ids: devices.map((device) => device.device_id), command: { action } },
      { onSuccess: () => notify({ type: 'success', title: t('batch.sent', { count: devices.length }) }) },
    );
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: BATCH_ACTIONS.map((action) => {
          const why = unsupported(devices, action);
          const label = t(`command.${action}`);
          return {
            key: action,
            disabled: why !== null,
            // A block, so the whole item (not only its word) shows why.
            label:
              why === null ? (
                label
              ) : (
                <Tooltip title={why}>
                  <div>{label}</div>
                </Tooltip>
              ),
          };
        }),
        onClick: ({ key }) => send(key as (typeof BATCH_ACTIONS)[number]),
      }}
    >
      <Button loading={batch.isPending}>
        {t('batch.send')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
