import {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  DesktopOutlined,
  HomeOutlined,
  NotificationOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { IconName } from '../../lib/route-table';

// The route table names its icons; the shell draws them (spec 000 §2 "Shell").
const ICONS: Record<IconName, ComponentType> = {
  home: HomeOutlined,
  device: DesktopOutlined,
  content: PictureOutlined,
  schedule: CalendarOutlined,
  statistics: BarChartOutlined,
  notice: NotificationOutlined,
  license: SafetyCertificateOutlined,
  account: TeamOutlined,
  workspace: ApartmentOutlined,
  setting: SettingOutlined,
  upgrade: CloudUploadOutlined,
  auditLog: AuditOutlined,
};

export function RouteIcon({ name }: { name: IconName | undefined }) {
  if (!name) return null;
  const Icon = ICONS[name];
  return <Icon />;
}
