import { AimOutlined, IdcardOutlined, TagOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { SensorType } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { useSensorIcons } from '../api';

/** The built-in icon of each type, shown until the company sets its own. */
const BUILT_IN: Record<SensorType, ReactNode> = {
  nfc: <TagOutlined />,
  rfid: <IdcardOutlined />,
  button: <AimOutlined />,
  motion: <ThunderboltOutlined />,
};

const SIZE = 18;

/** A sensor type's icon: the company's own (POST /manager/iot-device/icon), else the built-in one. */
export function SensorTypeIcon({ type }: { type: SensorType }) {
  const icons = useSensorIcons();
  const own = icons.data?.find((icon) => icon.type === type);
  if (own) return <img src={own.url} alt="" width={SIZE} height={SIZE} style={{ objectFit: 'contain' }} />;
  return <span style={{ fontSize: SIZE - 2, lineHeight: 1 }}>{BUILT_IN[type]}</span>;
}
