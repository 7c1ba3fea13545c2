import { PERMISSIONS, type Permission } from '@vitrine/contract';
import { allowedRoutes, flattenRoutes } from '../../app/guard';
import type { RouteTableValue } from '../../app/route-context';
import type { AppRoute } from '../../lib/route-table';

// Which keys the matrix lists for a role. A key that opens pages (a menu entry or a page) is
// listed only where, for that role, it would open one of the console's pages: the matrix keeps
// granting the rest (the spec's upgrade list, say) but shows no entry that leads nowhere.

const keysOf = (route: AppRoute): readonly string[] =>
  route.permission === undefined
    ? []
    : typeof route.permission === 'string'
      ? [route.permission]
      : route.permission;

/** Whether a role with `ceiling` and `key` would reach a page through a route carrying the key. */
function opensPageFor(key: string, ceiling: readonly string[], pages: readonly AppRoute[]): boolean {
  const allowed = flattenRoutes(allowedRoutes(pages, [...ceiling, key]));
  return allowed.some((route) => keysOf(route).includes(key));
}

/** The keys listed on a role's matrix: actions no route carries (adding a sensor, say), and the
 * route keys that open a page for the role. */
export function listedPermissions(ceiling: readonly string[], routes: RouteTableValue): Permission[] {
  // Keys some route of the full table carries, pages or not.
  const routeKeys = new Set(flattenRoutes(routes.all).flatMap(keysOf));
  return PERMISSIONS.filter(
    (key) => !routeKeys.has(key) || opensPageFor(key, ceiling, routes.tables.appRoutes),
  );
}
