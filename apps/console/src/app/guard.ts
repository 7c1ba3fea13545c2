import { matchPath } from 'react-router';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '../lib/paths';
import { hasPermission } from '../lib/permissions';
import type { AppRoute } from '../lib/route-table';

// Guard decisions of spec 000 §2 "Guard behaviour", as pure functions over a route table.
export type RouteTables = { publicRoutes: readonly AppRoute[]; appRoutes: readonly AppRoute[] };
/** `home`: where `/` and the home page lead this user (a customer on a phone has a home of its own). */
export type GuardSession = { token: string | null; permissions: readonly string[]; home?: string };
export type Decision =
  | { type: 'allow'; route: AppRoute; isPublic: boolean }
  | { type: 'redirect'; to: string };

const hasParams = (path: string) => path.includes(':');
const isLeaf = (route: AppRoute) => !route.redirect && !route.children?.length;

/** Routes the user may open: a parent keeps only its permitted children and goes when none is left. */
export function allowedRoutes(routes: readonly AppRoute[], held: readonly string[]): AppRoute[] {
  return routes.flatMap((route) => {
    if (route.permission !== undefined && !hasPermission(held, route.permission)) return [];
    if (!route.children?.length) return [route];
    const children = allowedRoutes(route.children, held);
    if (children.length === 0 && !route.page) return [];
    return [{ ...route, children }];
  });
}

/** Keeps the routes that have a page, parents leading to one, and redirects that reach one. */
export function routesWithPages(routes: readonly AppRoute[]): AppRoute[] {
  const pages = flattenRoutes(routes).filter((route) => route.page);
  const keep = (list: readonly AppRoute[]): AppRoute[] =>
    list.flatMap((route) => {
      const children = keep(route.children ?? []);
      if (route.page || children.length) return [{ ...route, children }];
      if (route.redirect && findRoute(pages, route.redirect)) return [{ ...route, children }];
      return [];
    });
  return keep(routes);
}

export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/** The route for a path; fixed paths win over parameterised ones (/content/play-list/add). */
export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const all = flattenRoutes(routes);
  const matches = (route: AppRoute) => matchPath({ path: route.path, end: true }, pathname) !== null;
  return all.find((route) => !hasParams(route.path) && matches(route)) ?? all.find(matches);
}

/** Where opening a route leads: itself for a page, else its redirect or first visible child. */
export function entryOf(route: AppRoute, allowed: readonly AppRoute[]): string | null {
  if (isLeaf(route)) return hasParams(route.path) ? null : route.path;
  if (route.redirect) {
    const target = findRoute(allowed, route.redirect);
    if (target) return target === route ? null : (entryOf(target, allowed) ?? route.redirect);
  }
  for (const child of route.children ?? []) {
    if (child.hidden) continue;
    const entry = entryOf(child, allowed);
    if (entry) return entry;
  }
  return null;
}

/** Whether opening a path lands on a page rather than on the not-found page. */
export function opensPage(pathname: string, allowed: readonly AppRoute[]): boolean {
  const route = findRoute(allowed, pathname);
  return route !== undefined && (isLeaf(route) || entryOf(route, allowed) !== null);
}

/** The first route the user may open, in table order. */
export function firstAllowedEntry(allowed: readonly AppRoute[]): string | null {
  for (const route of allowed) {
    if (route.path === '/') continue;
    const entry = entryOf(route, allowed);
    if (entry) return entry;
  }
  return null;
}

export function decide(pathname: string, session: GuardSession, tables: RouteTables): Decision {
  const publicRoute = findRoute(tables.publicRoutes, pathname);
  // Without a token even the not-found page sends the visitor to log in.
  if (publicRoute && (session.token || pathname !== NOT_FOUND_PATH)) {
    return { type: 'allow', route: publicRoute, isPublic: true };
  }
  if (!session.token) return { type: 'redirect', to: LOGIN_PATH };

  const allowed = allowedRoutes(tables.appRoutes, session.permissions);
  const home = session.home ?? HOME_PATH;
  if ((pathname === '/' || pathname === HOME_PATH) && home !== HOME_PATH && findRoute(allowed, home)) {
    return { type: 'redirect', to: home };
  }
  if ((pathname === '/' || pathname === HOME_PATH) && !findRoute(allowed, HOME_PATH)) {
    return { type: 'redirect', to: firstAllowedEntry(allowed) ?? NOT_FOUND_PATH };
  }
  const route = findRoute(allowed, pathname);
  if (!route) return { type: 'redirect', to: NOT_FOUND_PATH };
  if (isLeaf(route)) return { type: 'allow', route, isPublic: false };
  return { type: 'redirect', to: entryOf(route, allowed) ?? NOT_FOUND_PATH };
}
