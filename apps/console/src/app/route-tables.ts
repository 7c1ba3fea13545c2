import { type RouteTables, routesWithPages } from './guard';
import { APP_ROUTES, PUBLIC_ROUTES } from './routes';

/** The routes that exist now: those with a page. The rest waits for the areas that build them. */
export const ROUTE_TABLES: RouteTables = {
  publicRoutes: PUBLIC_ROUTES,
  appRoutes: routesWithPages(APP_ROUTES),
};
