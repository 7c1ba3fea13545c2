import { DeviceStatus, type StorageMode } from '@vitrine/contract';
import { Badge, Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';

// How a device's state reads on screen: its status with a coloured dot, when it was last seen,
// and where its player keeps content.
dayjs.extend(relativeTime);

const STATUS_KEY: Record<number, string> = Object.fromEntries(
  Object.entries(DeviceStatus).map(([key, value]) => [value, key]),
);
export const STATUS_KEYS = Object.keys(DeviceStatus) as (keyof typeof DeviceStatus)[];

type Dot = 'success' | 'default' | 'warning' | 'error' | 'processing';
const STATUS_DOT: Partial<Record<number, Dot>> = {
  [DeviceStatus.online]: 'success',
  [DeviceStatus.offline]: 'default',
  [DeviceStatus.unconfirmed]: 'warning',
  [DeviceStatus.rejected]: 'error',
  [DeviceStatus.lost]: 'error',
  [DeviceStatus.expired]: 'error',
  [DeviceStatus.played]: 'processing',
};

/** Green online, grey offline, amber unconfirmed (spec 001 §3 statuses). */
export function DeviceStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('device');
  const key = STATUS_KEY[status];
  return <Badge status={STATUS_DOT[status] ?? 'default'} text={key ? t(`status.${key}`) : String(status)} />;
}

/** "3 minutes ago", with the exact time in the user's format on hover; "—" when never seen. */
export function LastSeen({ at }: { at: string | null }) {
  const dateTime = useDateTime();
  if (!at) return <>—</>;
  return (
    <Tooltip title={dateTime(at)}>
      <time dateTime={at}>{dayjs(at).fromNow()}</time>
    </Tooltip>
  );
}

/** Cache Storage (offline-ready) or IndexedDB (plain HTTP). */
export function useStorageModeLabel() {
  const { t } = useTranslation('device');
  return (mode: StorageMode | null) => (mode ? t(`storage.${mode}`) : '—');
}
