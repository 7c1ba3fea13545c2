import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { registerNavigator } from '../lib/navigation';
import { flattenRoutes } from './guard';
import { RouteGuard } from './RouteGuard';
import { ROUTE_TABLES } from './route-tables';

// The shell is loaded only after login: the login page never downloads the menu, tabs or layout.
const AppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));

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
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RouteGuard tables={ROUTE_TABLES} />}>
            {withPages(ROUTE_TABLES.publicRoutes).map(({ path, page: Page }) => (
              <Route key={path} path={path} element={Page ? <Page /> : null} />
            ))}
            <Route element={<AppLayout />}>
              {withPages(ROUTE_TABLES.appRoutes).map(({ path, page: Page }) => (
                <Route key={path} path={path} element={Page ? <Page /> : null} />
              ))}
            </Route>
            {/* Unknown paths: the guard sends them to /login or /404. */}
            <Route path="*" element={null} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
