import { MoreOutlined } from '@ant-design/icons';
import { AccountStatus, type UserItem, type UserList } from '@vitrine/contract';
import { Button, Dropdown, type MenuProps, Table, type TableProps } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTime, useRoleLabel } from '../../../components/labels';
import { type ListPatch, type ListView, sortOrderOf, tableView } from '../../../lib/list-params';
import { pagerTotal, totalLabel } from '../../../lib/pager-total';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { StatusTag } from './status';
import type { useUserActions } from './use-user-actions';

type Props = {
  data: UserList | undefined;
  loading: boolean;
  view: ListView<string>;
  onView: (patch: ListPatch) => void;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  onEdit: (user: UserItem) => void;
  actions: ReturnType<typeof useUserActions>;
};

/** The members table: sortable columns, pages, selection for bulk actions and a menu per row. */
export function UserTable({ data, loading, view, onView, selected, onSelect, onEdit, actions }: Props) {
  const { t, i18n } = useTranslation('team');
  const roleLabel = useRoleLabel();
  const dateTime = useDateTime();
  const { user: me } = useSession();
  const canEdit = usePermission('team:user:add');
  const canOpen = usePermission('team:user:info');

  const rowMenu = (user: UserItem): NonNullable<MenuProps['items']> => {
    const self = user.user_id === me?.user_id;
    return [
      // A user without a workspace (customer, platform staff) is edited by its own page, not here.
      ...(user.group_id !== null
        ? [{ key: 'edit', label: t('action.edit'), onClick: () => onEdit(user) }]
        : []),
      ...(user.status === AccountStatus.inactive
        ? [{ key: 'resend', label: t('user.resendInvite'), onClick: () => actions.resend(user) }]
        : []),
      ...(self
        ? []
        : [
            user.status === AccountStatus.disabled
              ? {
                  key: 'enable',
                  label: t('action.enable'),
                  onClick: () => actions.setStatus([user], AccountStatus.active),
                }
              : {
                  key: 'disable',
                  label: t('action.disable'),
                  onClick: () => actions.setStatus([user], AccountStatus.disabled),
                },
            { type: 'divider' as const },
            { key: 'delete', danger: true, label: t('action.delete'), onClick: () => actions.remove([user]) },
          ]),
    ];
  };

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<UserItem>['columns'] = [
    {
      title: t('field.username'),
      dataIndex: 'username',
      ...sorted('username'),
      render: (_, user) =>
        canOpen ? <Link to={`/user/${user.user_id}`}>{user.username}</Link> : user.username,
    },
    { title: t('field.nickname'), dataIndex: 'nickname', render: (value: string | null) => value || '—' },
    { title: t('field.email'), dataIndex: 'email', ...sorted('email') },
    {
      title: t('field.role'),
      dataIndex: 'role_id',
      ...sorted('role_id'),
      render: (roleId: number) => roleLabel(roleId),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      ...sorted('status'),
      render: (status: number) => <StatusTag status={status} />,
    },
    { title: t('field.company'), dataIndex: 'company_name', render: (value: string | null) => value || '—' },
    { title: t('field.workspace'), dataIndex: 'group_name', render: (value: string | null) => value || '—' },
    {
      title: t('field.category'),
      dataIndex: 'category_name',
      render: (value: string | null) => value || '—',
    },
    { title: t('field.lastLogin'), dataIndex: 'last_login_at', ...sorted('last_login_at'), render: dateTime },
    { title: t('field.createdAt'), dataIndex: 'created_at', ...sorted('created_at'), render: dateTime },
    ...(canEdit
      ? [
          {
            title: t('field.actions'),
            key: 'actions',
            fixed: 'end' as const,
            width: 72,
            render: (_: unknown, user: UserItem) => {
              const items = rowMenu(user);
              return (
                <Dropdown menu={{ items }} trigger={['click']} disabled={items.length === 0}>
                  <Button
                    type="text"
                    icon={<MoreOutlined />}
                    aria-label={t('action.more', { name: user.username })}
                    disabled={actions.busy || items.length === 0}
                  />
                </Dropdown>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Table<UserItem>
      rowKey="user_id"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={
        canEdit
          ? {
              selectedRowKeys: selected,
              onChange: onSelect,
              getCheckboxProps: (user) => ({ disabled: user.user_id === me?.user_id }),
            }
          : undefined
      }
      {...tableView<UserItem>(view, onView, pagerTotal(data, view.page, view.page_size), () =>
        totalLabel(t, data, i18n.language),
      )}
    />
  );
}
