import { AccountStatus } from '@vitrine/contract';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDateTime, useRoleLabel } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { useErrorText } from '../../../lib/errors';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useUser } from '../api';
import { StatusTag } from '../components/status';
import { UserDrawer } from '../components/UserDrawer';
import { useUserActions } from '../components/use-user-actions';

/** /user/{user_id}: one member with its status, workspace, group and last login. */
export function UserDetailPage() {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const roleLabel = useRoleLabel();
  const dateTime = useDateTime();
  const { user: me } = useSession();
  const userId = Number(useParams().user_id);
  const user = useUser(Number.isInteger(userId) ? userId : 0);
  const canEdit = usePermission('team:user:add');
  const actions = useUserActions();
  const [editing, setEditing] = useState(false);

  if (user.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (user.isError) {
    return (
      <Result
        status="warning"
        title={errorText(user.error)}
        extra={<Button onClick={() => user.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }
  const item = user.data;
  const self = item.user_id === me?.user_id;
  const actionButtons = canEdit
    ? [
        item.group_id !== null ? (
          <Button key="edit" type="primary" onClick={() => setEditing(true)}>
            {t('action.edit')}
          </Button>
        ) : null,
        item.status === AccountStatus.inactive ? (
          <Button key="resend" onClick={() => actions.resend(item)} loading={actions.busy}>
            {t('user.resendInvite')}
          </Button>
        ) : null,
        self ? null : item.status === AccountStatus.disabled ? (
          <Button key="enable" onClick={() => actions.setStatus([item], AccountStatus.active)}>
            {t('action.enable')}
          </Button>
        ) : (
          <Button key="disable" danger onClick={() => actions.setStatus([item], AccountStatus.disabled)}>
            {t('action.disable')}
          </Button>
        ),
      ]
    : null;

  return (
    <>
      <PageHeader title={item.nickname || item.username} extra={actionButtons} />
      <Card>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('field.username')}>{item.username}</Descriptions.Item>
          <Descriptions.Item label={t('field.nickname')}>{item.nickname || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.email')}>{item.email}</Descriptions.Item>
          <Descriptions.Item label={t('field.role')}>{roleLabel(item.role_id)}</Descriptions.Item>
          <Descriptions.Item label={t('field.status')}>
            <StatusTag status={item.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.company')}>{item.company_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.workspace')}>{item.group_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.category')}>{item.category_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.lastLogin')}>{dateTime(item.last_login_at)}</Descriptions.Item>
          <Descriptions.Item label={t('field.createdAt')}>{dateTime(item.created_at)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <UserDrawer open={editing} user={item} onClose={() => setEditing(false)} />
    </>
  );
}
