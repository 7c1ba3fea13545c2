import type { DeviceItem } from '@vitrine/contract';
import { Button, Card, Descriptions, type DescriptionsProps, Result, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useErrorText } from '../../../lib/errors';
import { usePermission } from '../../../lib/permissions';
import { useUnits } from '../../../lib/units';
import { DeviceLicenseCard } from '../../license/ui';
import { useDevice } from '../api';
import { DeviceStorage } from '../components/DeviceStorage';
import { EditDeviceDialog } from '../components/EditDeviceDialog';
import { LockControl } from '../components/LockControl';
import { DeviceStatusBadge, LastSeen, useStorageModeLabel } from '../components/labels';
import { MoveDevicesDialog } from '../components/MoveDevicesDialog';
import { PlayerVersion } from '../components/PlayerVersion';
import { RemoteControlCard } from '../components/RemoteControlCard';
import { ScreenshotPanel } from '../components/ScreenshotPanel';
import { useDeviceDelete } from '../components/use-device-delete';
import { TimerSummary } from '../timer/TimerSummary';

const LIST_PATH = '/device/list';
const orNone = (value: string | null) => value || '—';
// Versions, addresses, models and the like are left-to-right tokens, also inside Arabic.
const token = (value: string | null) => (value ? leftToRight(value) : '—');
const WIDE = ['timer', 'userAgent'];

/** /device/{device_id}: everything the screen reports (spec 001 §3 "Device"), kept fresh. */
export function DeviceDetailPage() {
  const { t } = useTranslation('device');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const storageMode = useStorageModeLabel();
  const units = useUnits();
  // Moving and deleting are calls of the list (device:dev:list).
  const canManage = usePermission('device:dev:list');
  // Commands and the lock are calls of the device itself (device:dev:info).
  const canControl = usePermission('device:dev:info');
  const deviceId = Number(useParams().device_id);
  const device = useDevice(Number.isInteger(deviceId) ? deviceId : 0);
  const [editing, setEditing] = useState<DeviceItem | null>(null);
  const [moving, setMoving] = useState<DeviceItem[]>([]);
  const deletion = useDeviceDelete(() => navigate(LIST_PATH));

  if (device.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (device.isError) {
    return (
      <Result
        status="warning"
        title={errorText(device.error)}
        extra={<Button onClick={() => device.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }
  const item = device.data;
  const rows: [string, ReactNode][] = [
    ['deviceName', item.device_name],
    ['description', orNone(item.description)],
    ['signageId', <code key="id">{item.signage_id}</code>],
    ['status', <DeviceStatusBadge key="status" status={item.status} />],
    ['workspace', item.group_name],
    ['lastSeen', <LastSeen key="seen" at={item.last_seen_at} />],
    ['mac', token(item.mac)],
    ['model', item.model_name ? <Name key="model">{item.model_name}</Name> : '—'],
    ['reportedModel', token(item.device_model)],
    ['resolution', token(item.resolution)],
    ['orientation', units.degrees(item.orientation)],
    ['timezone', token(item.timezone)],
    ['brightness', units.percent(item.brightness)],
    ['volume', units.percent(item.volume)],
    ['mute', item.mute ? t('yes') : t('no')],
    ['screen', item.screen_on ? t('screen.on') : t('screen.off')],
    ['timer', <TimerSummary key="timer" device={item} />],
    ['lock', <LockControl key="lock" device={item} editable={canControl} />],
    ['playerVersion', <PlayerVersion key="version" device={item} />],
    ['storage', <DeviceStorage key="storage" device={item} />],
    ['storageMode', storageMode(item.storage_mode)],
    ['createdAt', dateTime(item.created_at)],
    ['userAgent', token(item.user_agent)],
  ];
  // Long values take a whole row.
  const items: DescriptionsProps['items'] = rows.map(([key, children]) => ({
    key,
    label: t(`field.${key}`),
    children,
    span: WIDE.includes(key) ? 'filled' : 1,
  }));

  return (
    <>
      <PageHeader
        title={item.device_name}
        extra={[
          <Button key="edit" type="primary" onClick={() => setEditing(item)}>
            {t('action.edit')}
          </Button>,
          ...(canManage
            ? [
                <Button key="move" onClick={() => setMoving([item])}>
                  {t('action.move')}
                </Button>,
                <Button key="delete" danger loading={deletion.busy} onClick={() => deletion.remove([item])}>
                  {t('action.delete')}
                </Button>,
              ]
            : []),
        ]}
      />
      <Card>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="middle" items={items} />
      </Card>
      <DeviceLicenseCard device={item} />
      {canControl ? <RemoteControlCard device={item} /> : null}
      <ScreenshotPanel device={item} />
      <EditDeviceDialog device={editing} onClose={() => setEditing(null)} />
      <MoveDevicesDialog devices={moving} onClose={() => setMoving([])} />
    </>
  );
}
