import { type RouteTables, routesWithPages } from './guard';
import { APP_ROUTES, PUBLIC_ROUTES } from './routes';

/** The routes that exist now: those with a page. The rest of the table waits for its issue. */
export const ROUTE_TABLES: RouteTables = {
  publicRoutes: PUBLIC_ROUTES,
  appRoutes: routesWithPages(APP_ROUTES),
};
