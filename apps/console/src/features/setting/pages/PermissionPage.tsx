import { isRole, ROLE_NAME } from '@vitrine/contract';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Tabs } from '../../../components/Tabs';
import { useErrorText } from '../../../lib/errors';
import { useRolePermissions } from '../api';
import { RolePermissions } from '../components/RolePermissions';

/** /setting/permission: the role → permission matrix, one tab per role (kept in the address). */
export function PermissionPage() {
  const { t } = useTranslation(['team', 'common', 'contract']);
  const errorText = useErrorText();
  const roles = useRolePermissions();
  const [params, setParams] = useSearchParams();

  if (roles.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (roles.isError) {
    return (
      <Result
        status="warning"
        title={errorText(roles.error)}
        extra={<Button onClick={() => roles.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }
  const active = params.get('role') ?? String(roles.data[0]?.role_id ?? '');
  return (
    <>
      <PageHeader title={t('common:route.permission')} />
      <Alert type="info" showIcon title={t('permission.note')} style={{ marginBottom: 16 }} />
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ role: key }, { replace: true })}
        items={roles.data.map((role) => ({
          key: String(role.role_id),
          label: isRole(role.role_id) ? t(`contract:role.${ROLE_NAME[role.role_id]}`) : role.name,
          // A fresh form per role and per saved state: unsaved ticks do not leak between tabs.
          children: <RolePermissions key={role.permissions.join(',')} role={role} />,
        }))}
      />
    </>
  );
}
