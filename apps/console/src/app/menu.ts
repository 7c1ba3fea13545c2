import type { Role } from '@vitrine/contract';
import type { AppRoute, IconName } from '../lib/route-table';
import { entryOf, findRoute } from './guard';

// What the shell shows, derived from the allowed route table (spec 000 §2 "Shell").
export type MenuEntry = { path: string; to: string; title: string; icon: IconName; anchor?: string };
export type Tab = { path: string; title: string; icon?: IconName };
export type ShellContext = { roleId: number | null; scheduleConfirm: boolean };

/** The title key of a route for a role (e.g. the user list reads "manage use admin" for customers). */
export function titleOf(route: AppRoute, roleId: number | null): string | undefined {
  return (roleId !== null && route.titleByRole?.[roleId as Role]) || route.title;
}

/** Side navigation: top-level routes with an icon and a title, hidden ones removed. */
export function buildMenu(allowed: readonly AppRoute[], roleId: number | null): MenuEntry[] {
  return allowed.flatMap((route) => {
    const title = titleOf(route, roleId);
    const to = entryOf(route, allowed);
    if (!route.icon || !title || route.hidden || !to) return [];
    return [{ path: route.path, to, title, icon: route.icon, anchor: route.tourAnchor }];
  });
}

const contains = (route: AppRoute, target: AppRoute): boolean =>
  route === target || (route.children ?? []).some((child) => contains(child, target));

/** The top-level module a path belongs to, and the matched route itself. */
export function locate(
  allowed: readonly AppRoute[],
  pathname: string,
): { module?: AppRoute; route?: AppRoute } {
  const route = findRoute(allowed, pathname);
  if (!route) return {};
  return { route, module: allowed.find((top) => contains(top, route)) };
}

export const SCHEDULE_AUDIT_PATH = '/schedule/audit';

/** The tab bar: the module's visible children; the approval list only while confirmation is on. */
export function buildTabs(module: AppRoute | undefined, context: ShellContext): Tab[] {
  return (module?.children ?? []).flatMap((child) => {
    const title = titleOf(child, context.roleId);
    if (child.hidden || !title) return [];
    if (child.path === SCHEDULE_AUDIT_PATH && !context.scheduleConfirm) return [];
    return [{ path: child.path, title, icon: child.icon }];
  });
}

/** The tab of the current page: itself, or for a detail page the tab of the module it opened from. */
export function activeTab(tabs: readonly Tab[], pathname: string): string | undefined {
  return (
    tabs.find((tab) => tab.path === pathname)?.path ??
    tabs.find((tab) => pathname.startsWith(`${tab.path}/`))?.path
  );
}
