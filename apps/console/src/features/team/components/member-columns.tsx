import {
  type CompanyItem,
  ContentType,
  DeviceStatus,
  type TeamContentItem,
  type TeamDeviceItem,
  type UserItem,
} from '@vitrine/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTime, useRoleLabel } from '../../../components/labels';
import { formatSize } from '../../../lib/format';
import { usePermission } from '../../../lib/permissions';
import { StatusTag } from './status';

// Columns of the small lists shown under a customer or a workspace: its people, devices,
// content and companies.

const nameOf = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [value, name])) as Record<number, string>;
const DEVICE_STATUS_NAME = nameOf(DeviceStatus);
const CONTENT_TYPE_NAME = nameOf(ContentType);

export function useMemberColumns(): ColumnsType<UserItem> {
  const { t } = useTranslation('team');
  const roleLabel = useRoleLabel();
  const canOpen = usePermission('team:user:info');
  return [
    {
      title: t('field.username'),
      dataIndex: 'username',
      render: (name: string, user) => (canOpen ? <Link to={`/user/${user.user_id}`}>{name}</Link> : name),
    },
    { title: t('field.email'), dataIndex: 'email' },
    { title: t('field.role'), dataIndex: 'role_id', render: (roleId: number) => roleLabel(roleId) },
    { title: t('field.company'), dataIndex: 'company_name', render: (value: string | null) => value || '—' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: number) => <StatusTag status={status} />,
    },
  ];
}

export function useDeviceColumns(): ColumnsType<TeamDeviceItem> {
  const { t } = useTranslation('team');
  return [
    { title: t('field.deviceName'), dataIndex: 'device_name' },
    { title: t('field.signageId'), dataIndex: 'signage_id' },
    { title: t('field.workspace'), dataIndex: 'group_name', render: (value: string | null) => value || '—' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: number) => (
        <Tag>{t(`deviceStatus.${DEVICE_STATUS_NAME[status] ?? 'unconfirmed'}`)}</Tag>
      ),
    },
  ];
}

export function useContentColumns(): ColumnsType<TeamContentItem> {
  const { t } = useTranslation('team');
  const dateTime = useDateTime();
  return [
    { title: t('field.contentName'), dataIndex: 'name' },
    {
      title: t('field.contentType'),
      dataIndex: 'type',
      render: (type: number) =>
        CONTENT_TYPE_NAME[type] ? t(`contentType.${CONTENT_TYPE_NAME[type]}`) : type,
    },
    { title: t('field.size'), dataIndex: 'size', render: (bytes: number) => <bdi>{formatSize(bytes)}</bdi> },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: dateTime },
  ];
}

export function useCompanyColumns(): ColumnsType<CompanyItem> {
  const { t } = useTranslation('team');
  return [
    { title: t('field.companyName'), dataIndex: 'company_name' },
    { title: t('field.owner'), key: 'owner', render: (_, item) => item.owner?.email ?? '—' },
    { title: t('field.members'), dataIndex: 'member_count' },
    { title: t('field.devices'), dataIndex: 'owned_devices' },
  ];
}
