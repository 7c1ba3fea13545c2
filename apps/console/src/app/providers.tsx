import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useLanguage } from '../lib/i18n';
import { useNotificationsRequested } from '../lib/notify';
import { applyFavicon, faviconOf, themeOf } from '../lib/remote-config';
import { getSession, subscribeSession, useSession } from '../lib/session';

export const queryClient = new QueryClient({
  // Failures already reached the user through the HTTP client's notice; retrying repeats it.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// Nothing cached for one user may show for the next one on the same browser.
subscribeSession(() => {
  if (!getSession().token) queryClient.clear();
});

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

/** Language, direction, theme from the remote config, the query cache and the notice holder. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { antdLocale, direction } = useLanguage();
  const { config } = useSession();
  const theme = useMemo(() => themeOf(config), [config]);

  useEffect(() => applyFavicon(faviconOf(config)), [config]);

  return (
    <ConfigProvider locale={antdLocale} direction={direction} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationSlot />
        {children}
      </QueryClientProvider>
    </ConfigProvider>
  );
}
