import { MoreOutlined } from '@ant-design/icons';
import type { DeviceItem, DeviceList } from '@vitrine/contract';
import { Button, Dropdown, Table, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { type ListPatch, type ListView, sortOrderOf, tableView } from '../../../lib/list-params';
import { pagerTotal, totalLabel } from '../../../lib/pager-total';
import { usePermission } from '../../../lib/permissions';
import { LicenseStateTag } from '../../license/ui';
import { DeviceStatusBadge, LastSeen } from './labels';

export type RowActions = {
  busy: boolean;
  edit: (device: DeviceItem) => void;
  move: (devices: DeviceItem[]) => void;
  remove: (devices: DeviceItem[]) => void;
};

type Props = {
  data: DeviceList | undefined;
  loading: boolean;
  view: ListView<string>;
  onView: (patch: ListPatch) => void;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  actions: RowActions;
  /** Shown instead of an empty table. */
  empty: ReactNode;
};

// Resolutions and versions are left-to-right tokens, also inside Arabic.
const token = (value: string | null) => (value ? leftToRight(value) : '—');

/** The devices table: sortable columns, pages, selection for batch actions and a menu per row. */
export function DeviceTable({ data, loading, view, onView, selected, onSelect, actions, empty }: Props) {
  // The licence tags' words load with the table: loaded only when the first rows arrive, they
  // would suspend the page then, and the add drawer open over it would lose what was typed.
  const { t, i18n } = useTranslation(['device', 'license']);
  const canOpen = usePermission('device:dev:info');
  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const dateTime = useDateTime();
  const columns: TableProps<DeviceItem>['columns'] = [
    {
      title: t('field.deviceName'),
      dataIndex: 'device_name',
      ...sorted('device_name'),
      render: (_, device) =>
        canOpen ? (
          <Link to={`/device/${device.device_id}`}>
            <Name>{device.device_name}</Name>
          </Link>
        ) : (
          <Name>{device.device_name}</Name>
        ),
    },
    {
      title: t('field.signageId'),
      dataIndex: 'signage_id',
      ...sorted('signage_id'),
      render: (value: string) => <code>{value}</code>,
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      ...sorted('status'),
      render: (status: number) => <DeviceStatusBadge status={status} />,
    },
    {
      title: t('field.license'),
      key: 'license',
      // Each item carries its licence state and the licence it holds, with its expiry.
      render: (_, { license: status }) => {
        const expires = status.license?.expires_at;
        return (
          <>
            <LicenseStateTag state={status.state} />
            {expires && status.state !== 'whitelisted' ? leftToRight(dateTime(expires)) : null}
          </>
        );
      },
    },
    { title: t('field.workspace'), dataIndex: 'group_name' },
    { title: t('field.resolution'), dataIndex: 'resolution', render: token },
    { title: t('field.playerVersion'), dataIndex: 'system_version', render: token },
    {
      title: t('field.lastSeen'),
      dataIndex: 'last_seen_at',
      ...sorted('last_seen_at'),
      render: (at: string | null) => <LastSeen at={at} />,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      width: 72,
      render: (_, device) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              // Editing is a device:dev:info call, like the device's page.
              ...(canOpen
                ? [{ key: 'edit', label: t('action.edit'), onClick: () => actions.edit(device) }]
                : []),
              { key: 'move', label: t('action.move'), onClick: () => actions.move([device]) },
              { type: 'divider' },
              {
                key: 'delete',
                danger: true,
                label: t('action.delete'),
                onClick: () => actions.remove([device]),
              },
            ],
          }}
        >
          <Button
            type="text"
            icon={<MoreOutlined />}
            aria-label={t('action.more', { name: device.device_name })}
            disabled={actions.busy}
          />
        </Dropdown>
      ),
    },
  ];

  return (
    <Table<DeviceItem>
      rowKey="device_id"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      rowSelection={{ selectedRowKeys: selected, onChange: onSelect }}
      {...tableView<DeviceItem>(view, onView, pagerTotal(data, view.page, view.page_size), () =>
        totalLabel(t, data, i18n.language),
      )}
    />
  );
}
