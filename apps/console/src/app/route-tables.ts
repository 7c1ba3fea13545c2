import { type RouteTables, routesWithPages } from './guard';
import type { RouteTableValue } from './route-context';
import { APP_ROUTES, PUBLIC_ROUTES } from './routes';

/** The routes that exist now: those with a page. The rest waits for the areas that build them. */
export const ROUTE_TABLES: RouteTables = {
  publicRoutes: PUBLIC_ROUTES,
  appRoutes: routesWithPages(APP_ROUTES),
};

/** What the app provides to the shell and the pages (see route-context.ts). */
export const ROUTE_TABLE_VALUE: RouteTableValue = { tables: ROUTE_TABLES, all: APP_ROUTES };
