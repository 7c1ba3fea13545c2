import { ConfigProvider } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useLanguage } from '../lib/i18n';
import { useNotificationsRequested } from '../lib/notify';
import { applyFavicon, faviconOf, HOST_CONFIG, themeOf } from '../lib/remote-config';
import { useSession } from '../lib/session';

const NotificationHost = lazy(() =>
  import('./NotificationHost').then((module) => ({ default: module.NotificationHost })),
);

/** The notification code loads with the first notice, not with the login page. */
function NotificationSlot() {
  const requested = useNotificationsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  );
}

/** Language, direction, theme from the remote config and the notice holder. The query cache
 * comes with the shell (router.tsx): the public pages do without it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { antdLocale, direction } = useLanguage();
  // Before login (and at a custom domain), the look the server wrote into the page for this host.
  const config = useSession().config ?? HOST_CONFIG;
  const theme = useMemo(() => themeOf(config), [config]);

  useEffect(() => applyFavicon(faviconOf(config)), [config]);

  return (
    <ConfigProvider locale={antdLocale} direction={direction} theme={theme}>
      <NotificationSlot />
      {children}
    </ConfigProvider>
  );
}
