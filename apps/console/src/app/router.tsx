import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { loadContractAreas } from '../lib/i18n';
import { registerNavigator } from '../lib/navigation';
import { flattenRoutes } from './guard';
import { RouteGuard } from './RouteGuard';
import { RouteTableProvider } from './route-context';
import { ROUTE_TABLE_VALUE, ROUTE_TABLES } from './route-tables';

// The shell, its query cache and the contract's messages of the signed-in areas load only after
// login: the login page never downloads the menu, tabs, layout or the query cache.
const AppShell = lazy(async () => {
  const [{ AppLayout }, { QueryProvider }] = await Promise.all([
    import('./layout/AppLayout'),
    import('../lib/query'),
    loadContractAreas(),
  ]);
  return {
    default: () => (
      <QueryProvider>
        <AppLayout />
      </QueryProvider>
    ),
  };
});

const withPages = (routes: typeof ROUTE_TABLES.publicRoutes) =>
  flattenRoutes(routes).filter((route) => route.page);

/** Lets code outside React (sign-out, the HTTP client) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <RouteTableProvider value={ROUTE_TABLE_VALUE}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route element={<RouteGuard tables={ROUTE_TABLES} />}>
              {withPages(ROUTE_TABLES.publicRoutes).map(({ path, page: Page }) => (
                <Route key={path} path={path} element={Page ? <Page /> : null} />
              ))}
              <Route element={<AppShell />}>
                {withPages(ROUTE_TABLES.appRoutes).map(({ path, page: Page }) => (
                  <Route key={path} path={path} element={Page ? <Page /> : null} />
                ))}
              </Route>
              {/* Unknown paths: the guard sends them to /login or /404. */}
              <Route path="*" element={null} />
            </Route>
          </Routes>
        </Suspense>
      </RouteTableProvider>
    </BrowserRouter>
  );
}
