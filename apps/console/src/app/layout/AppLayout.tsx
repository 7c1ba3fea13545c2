import { TASK_EVERY_SHORT_TICKS } from '@vitrine/contract';
import { Layout } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ConfirmHost } from '../../components/confirm';
import { PageLoading } from '../../components/PageLoading';
import { useOtaDots } from '../../features/ota/ui';
import { useScheduleDots } from '../../features/schedule/ui';
import { TOUR_ROLES, TourHost } from '../../features/tour/ui';
import { UploadHost } from '../../features/upload/ui';
import { useCustomerMobile } from '../../lib/customer-mobile';
import { useLayoutMode } from '../../lib/layout-mode';
import { hasRole } from '../../lib/permissions';
import { shellColors } from '../../lib/remote-config';
import { useKeyboardScrollAreas } from '../../lib/scroll-areas';
import { useSession } from '../../lib/session';
import { taskQueue } from '../../lib/task-queue';
import { refreshDots } from './dots';
import { NavDrawer } from './NavDrawer';
import { SideNav } from './SideNav';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';
import { useShell } from './use-shell';
import './layout.css';

/** The signed-in frame: side navigation (a drawer on mobile), top bar, tab bar and the page. */
export function AppLayout() {
  const shell = useShell();
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  const { mobile } = useLayoutMode();
  const { config, user } = useSession();
  const colors = shellColors(config);
  const [menuOpen, setMenuOpen] = useState(false);
  // Customers on a phone get the simplified layout: no tab bar, every page in one list.
  const customerMobile = useCustomerMobile();

  useScheduleDots();
  useOtaDots();
  // A table wider than its place (on the page, in a drawer) can be scrolled by keyboard.
  useKeyboardScrollAreas();
  useEffect(() => taskQueue.every(TASK_EVERY_SHORT_TICKS, refreshDots), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page asks the dot sources again.
  useEffect(() => refreshDots(), [shell.pathname]);

  return (
    <Layout className="shell">
      {/* The first Tab stop: past the navigation to the page (WCAG 2.4.1), shown when focused. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link; the click moves the focus without putting #main-content in the address the router reads */}
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      <ConfirmHost />
      <UploadHost />
      {hasRole(user?.role_id, TOUR_ROLES) ? (
        <Suspense fallback={null}>
          <TourHost mobile={mobile} />
        </Suspense>
      ) : null}
      {mobile ? null : <SideNav shell={shell} navText={colors.navText} />}
      <Layout className="shell-main">
        <TopBar
          shell={shell}
          navText={colors.navText}
          compact={mobile}
          onOpenMenu={mobile ? () => setMenuOpen(true) : undefined}
        />
        {customerMobile ? null : <TabBar shell={shell} />}
        <Layout.Content className="shell-content" id="main-content" ref={main} tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {mobile ? (
        <NavDrawer
          shell={shell}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          navBg={colors.navBg}
          navText={colors.navText}
          fullWidth={customerMobile}
        />
      ) : null}
    </Layout>
  );
}
