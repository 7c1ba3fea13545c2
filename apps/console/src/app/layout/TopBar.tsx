import { ArrowLeftOutlined, ArrowRightOutlined, MenuOutlined } from '@ant-design/icons';
import { WORKSPACE_SELECTOR_ROLES } from '@vitrine/contract';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TOUR_ROLES, TourButton } from '../../features/tour/ui';
import { WorkspaceSelector } from '../../features/workspace/ui';
import { useLanguage } from '../../lib/i18n';
import { hasRole, usePermission } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { entryOf } from '../guard';
import { PlayerLink } from './PlayerLink';
import { UserMenu } from './UserMenu';
import type { Shell } from './use-shell';

type Props = { shell: Shell; navText: string; compact: boolean; onOpenMenu?: () => void };

/** The top bar: menu button on mobile, back button on hasReturn routes, page title, workspace,
 * the tour icon, the player's address, language switch and user menu (spec 000 §2 "Shell"). */
export function TopBar({ shell, navText, compact, onOpenMenu }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { direction } = useLanguage();
  const { user } = useSession();
  const workspaceSelector = hasRole(user?.role_id, WORKSPACE_SELECTOR_ROLES);
  const managesDevices = usePermission('device:dev:list');

  function goBack() {
    // React Router numbers history entries; at the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate((shell.module && entryOf(shell.module, shell.allowed)) || '/');
  }

  return (
    <Layout.Header className="shell-header" style={{ color: navText }}>
      {onOpenMenu ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('layout.openMenu')}
          onClick={onOpenMenu}
          style={{ color: navText }}
        />
      ) : null}
      {shell.route?.hasReturn ? (
        <Button
          type="text"
          icon={direction === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
          aria-label={t('layout.back')}
          onClick={goBack}
          style={{ color: navText }}
        />
      ) : null}
      <h1 className="shell-header__title">{shell.title ? t(shell.title) : null}</h1>
      <div className="shell-header__tools">
        {hasRole(user?.role_id, TOUR_ROLES) ? <TourButton color={navText} /> : null}
        {workspaceSelector ? <WorkspaceSelector compact={compact} /> : null}
        {managesDevices ? <PlayerLink compact={compact} color={navText} /> : null}
        <LanguageSwitch compact={compact} color={navText} />
        <UserMenu compact={compact} color={navText} />
      </div>
    </Layout.Header>
  );
}
