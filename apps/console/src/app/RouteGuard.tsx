import { use, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCustomerMobile } from '../lib/customer-mobile';
import { HOME_PATH, LOGIN_PATH, MOBILE_HOME_PATH, NOT_FOUND_PATH } from '../lib/paths';
import { SITE_TITLE } from '../lib/remote-config';
import { useSession } from '../lib/session';
import { decide, type RouteTables } from './guard';
import { titleOf } from './menu';
import { runInitialSetup } from './setup';

/** Applies the guard to every navigation; renders the page only once it is allowed. */
export function RouteGuard({ tables }: { tables: RouteTables }) {
  const { pathname, search } = useLocation();
  const { token, permissions, user } = useSession();
  const { t } = useTranslation();
  const home = useCustomerMobile() ? MOBILE_HOME_PATH : HOME_PATH;
  const decision = useMemo(
    () => decide(pathname, { token, permissions, home }, tables),
    [pathname, token, permissions, home, tables],
  );
  const title = decision.type === 'allow' ? titleOf(decision.route, user?.role_id ?? null) : undefined;

  useEffect(() => {
    document.title = title ? `${t(title)} · ${SITE_TITLE}` : SITE_TITLE;
  }, [title, t]);

  if (decision.type === 'redirect') {
    // Query parameters follow a module's redirect (e.g. /schedule → /schedule/live), not a refusal.
    const keepSearch = decision.to !== LOGIN_PATH && decision.to !== NOT_FOUND_PATH;
    return <Navigate to={keepSearch ? `${decision.to}${search}` : decision.to} replace />;
  }
  if (!decision.isPublic) use(runInitialSetup());
  return <Outlet />;
}
