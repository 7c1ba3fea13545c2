import { PlusOutlined } from '@ant-design/icons';
import { AccountStatus, Role, type UserItem } from '@vitrine/contract';
import { Button, Flex, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useListView } from '../../../lib/list-params';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useRoles, useUserList } from '../api';
import { UserDrawer } from '../components/UserDrawer';
import { USER_FILTERS, UserFilters } from '../components/UserFilters';
import { UserTable } from '../components/UserTable';
import { useUserActions } from '../components/use-user-actions';

type Drawer = { user: UserItem | null } | null;

/** /user/list: the members (user admins for a customer), filtered from the address; ?act=add opens
 * the add drawer. */
export function UserListPage() {
  const { t } = useTranslation(['team', 'common']);
  const { user: me } = useSession();
  const { view, query, update, params } = useListView(USER_FILTERS);
  const list = useUserList(query);
  const canAdd = usePermission('team:user:add');
  const assignable = useRoles(1, canAdd);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Drawer>(null);
  const actions = useUserActions(() => setSelected([]));
  const adding = canAdd && params.get('act') === 'add';
  const drawer: Drawer = adding ? { user: null } : editing;
  // Adding makes sense only for a caller who may hand out a role (owners, user admins).
  const mayAdd = canAdd && (assignable.data?.length ?? 0) > 0;

  const chosen = (list.data?.list ?? []).filter((user) => selected.includes(user.user_id));
  const title =
    me?.role_id === Role.customer ? t('common:route.userListCustomer') : t('common:route.userList');

  const closeDrawer = () => {
    setEditing(null);
    if (adding) update({ act: null, page: view.page }, true);
  };

  return (
    <>
      <PageHeader
        title={title}
        extra={
          mayAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => update({ act: 'add', page: view.page })}
            >
              {t('user.add')}
            </Button>
          ) : null
        }
      />
      <UserFilters view={view} onChange={update} />
      {chosen.length > 0 ? (
        <Flex wrap align="center" gap="small" style={{ marginBottom: 12 }}>
          <Typography.Text>{t('list.selected', { number: chosen.length })}</Typography.Text>
          <Button onClick={() => actions.setStatus(chosen, AccountStatus.active)}>
            {t('action.enable')}
          </Button>
          <Button onClick={() => actions.setStatus(chosen, AccountStatus.disabled)}>
            {t('action.disable')}
          </Button>
          <Button danger onClick={() => actions.remove(chosen)}>
            {t('action.delete')}
          </Button>
        </Flex>
      ) : null}
      <UserTable
        data={list.data}
        loading={list.isFetching}
        view={view}
        onView={update}
        selected={selected}
        onSelect={setSelected}
        onEdit={(user) => setEditing({ user })}
        actions={actions}
      />
      <UserDrawer open={drawer !== null} user={drawer?.user ?? null} onClose={closeDrawer} />
    </>
  );
}
