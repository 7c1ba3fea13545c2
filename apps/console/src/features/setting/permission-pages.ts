import { PERMISSIONS, type Permission } from '@vitrine/contract';
import { allowedRoutes, flattenRoutes } from '../../app/guard';
import { ROUTE_TABLES } from '../../app/route-tables';
import type { AppRoute } from '../../app/route-types';
import { APP_ROUTES } from '../../app/routes';

// Which keys the matrix lists for a role. A key that opens pages (a menu entry or a page) is
// listed only where, for that role, it would open one of the console's pages: the matrix keeps
// granting the rest (the spec's upgrade list, say) but shows no entry that leads nowhere.

const keysOf = (route: AppRoute): readonly string[] =>
  route.permission === undefined
    ? []
    : typeof route.permission === 'string'
      ? [route.permission]
      : route.permission;

/** Keys some route of the full table carries, pages or not. */
const ROUTE_KEYS = new Set(flattenRoutes(APP_ROUTES).flatMap(keysOf));

/** Whether a role with `ceiling` and `key` would reach a page through a route carrying the key. */
function opensPageFor(key: string, ceiling: readonly string[]): boolean {
  const allowed = flattenRoutes(allowedRoutes(ROUTE_TABLES.appRoutes, [...ceiling, key]));
  return allowed.some((route) => keysOf(route).includes(key));
}

/** The keys listed on a role's matrix: actions no route carries (adding a sensor, say), and the
 * route keys that open a page for the role. */
export function listedPermissions(ceiling: readonly string[]): Permission[] {
  return PERMISSIONS.filter((key) => !ROUTE_KEYS.has(key) || opensPageFor(key, ceiling));
}
