import { DownOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordDrawer } from '../../features/account/ui';
import { useCustomerMobile } from '../../lib/customer-mobile';
import { http } from '../../lib/http';
import { MOBILE_PATHS, PROFILE_PATH } from '../../lib/paths';
import { usePermission } from '../../lib/permissions';
import { signOut, useSession } from '../../lib/session';

/** Sign out on the server, then locally whatever the server answers. */
export function logout(): Promise<void> {
  return http
    .post('/account/logout', undefined, { silent: true })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(signOut);
}

/**
 * The user menu: profile (profile:info), change password, sign out (spec 000 §2). A customer on a
 * phone opens its own pages instead: profile, password and language (spec 000 §1).
 */
export function UserMenu({ compact, color }: { compact: boolean; color: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const canOpenProfile = usePermission('profile:info');
  const customerMobile = useCustomerMobile();
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'mounted'>('closed');
  const name = user?.nickname || user?.username || user?.email || '';

  const signOutItem = {
    key: 'logout',
    icon: <LogoutOutlined />,
    label: t('userMenu.signOut'),
    onClick: () => void logout(),
  };
  const items: MenuProps['items'] = customerMobile
    ? [
        {
          key: 'profile',
          icon: <UserOutlined />,
          label: t('route.mobileProfile'),
          onClick: () => navigate(MOBILE_PATHS.profile),
        },
        {
          key: 'password',
          icon: <KeyOutlined />,
          label: t('userMenu.changePassword'),
          onClick: () => navigate(MOBILE_PATHS.password),
        },
        {
          key: 'language',
          icon: <GlobalOutlined />,
          label: t('route.mobileLanguage'),
          onClick: () => navigate(MOBILE_PATHS.language),
        },
        { type: 'divider' },
        signOutItem,
      ]
    : [
        ...(canOpenProfile
          ? [
              {
                key: 'profile',
                icon: <UserOutlined />,
                label: t('userMenu.profile'),
                onClick: () => navigate(PROFILE_PATH),
              },
            ]
          : []),
        {
          key: 'password',
          icon: <KeyOutlined />,
          label: t('userMenu.changePassword'),
          onClick: () => setDrawer('open'),
        },
        { type: 'divider' },
        signOutItem,
      ];

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
        <Button type="text" aria-label={t('userMenu.label')} style={{ color, paddingInline: 6 }}>
          <Avatar size="small" style={{ background: 'rgba(127,127,127,0.35)' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          {compact ? null : (
            <>
              <span className="shell-user__name">{name}</span>
              <DownOutlined style={{ fontSize: 10 }} />
            </>
          )}
        </Button>
      </Dropdown>
      {/* The drawer's code loads the first time it is opened, and stays mounted to animate closing. */}
      {drawer === 'closed' ? null : (
        <Suspense fallback={null}>
          <ChangePasswordDrawer open={drawer === 'open'} onClose={() => setDrawer('mounted')} />
        </Suspense>
      )}
    </>
  );
}
