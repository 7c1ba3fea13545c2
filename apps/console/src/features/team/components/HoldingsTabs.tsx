import type { TeamContentItem, TeamDeviceItem, UserItem } from '@vitrine/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListSource } from '../api';
import { useContentColumns, useDeviceColumns, useMemberColumns } from './member-columns';
import { SubList } from './SubList';

export type HoldingsList = 'member-list' | 'device-list' | 'content';

/** What a company or a workspace holds: its members, devices and content, one tab each. */
export function HoldingsTabs({ source }: { source: (list: HoldingsList) => ListSource }) {
  const { t } = useTranslation('team');
  const members = useMemberColumns();
  const devices = useDeviceColumns();
  const content = useContentColumns();
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'members',
          label: t('field.members'),
          children: (
            <SubList<UserItem> columns={members} rowKey="user_id" searchable source={source('member-list')} />
          ),
        },
        {
          key: 'devices',
          label: t('field.devices'),
          children: (
            <SubList<TeamDeviceItem> columns={devices} rowKey="device_id" source={source('device-list')} />
          ),
        },
        {
          key: 'content',
          label: t('workspace.content'),
          children: (
            <SubList<TeamContentItem> columns={content} rowKey="content_id" source={source('content')} />
          ),
        },
      ]}
    />
  );
}
