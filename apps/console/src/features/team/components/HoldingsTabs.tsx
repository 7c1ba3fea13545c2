import type { TeamContentItem, TeamDeviceItem, UserItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import type { Holdings } from '../api';
import { useContentColumns, useDeviceColumns, useMemberColumns } from './member-columns';
import { SubList } from './SubList';

/** What a company or a workspace holds: its members, devices and content, one tab each. */
export function HoldingsTabs({ holdings }: { holdings: Holdings }) {
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
            <SubList<UserItem> columns={members} rowKey="user_id" searchable source={holdings.members} />
          ),
        },
        {
          key: 'devices',
          label: t('field.devices'),
          children: (
            <SubList<TeamDeviceItem> columns={devices} rowKey="device_id" source={holdings.devices} />
          ),
        },
        {
          key: 'content',
          label: t('workspace.content'),
          children: (
            <SubList<TeamContentItem> columns={content} rowKey="content_id" source={holdings.content} />
          ),
        },
      ]}
    />
  );
}
