import type { Permission, Role } from '@vitrine/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The shape of the route table (spec 000 §2). Paths are absolute; titles are keys of the
// 'common' namespace; a route without `permission` is public. Each feature writes its own entries
// (features/<area>/routes.tsx); app/routes.tsx puts them in menu order.
export type IconName =
  | 'home'
  | 'device'
  | 'content'
  | 'schedule'
  | 'statistics'
  | 'notice'
  | 'license'
  | 'account'
  | 'workspace'
  | 'setting'
  | 'upgrade'
  | 'auditLog';

export type AppRoute = {
  path: string;
  /** Names used when navigating by name (Home, DevicesList, …). */
  name?: string;
  /** One key or a list: any one opens the route. */
  permission?: Permission | readonly Permission[];
  title?: string;
  /** A different title for some roles (e.g. the user list for customers). */
  titleByRole?: Partial<Record<Role, string>>;
  icon?: IconName;
  /** Element id of the menu entry, an anchor of the onboarding tour (spec 000 §2). */
  tourAnchor?: string;
  /** Not shown in the side navigation or the tab bar. */
  hidden?: boolean;
  /** Shows a back button in the top bar. */
  hasReturn?: boolean;
  redirect?: string;
  children?: readonly AppRoute[];
  /** The page; routes without one are data waiting for the area that builds them. */
  page?: LazyExoticComponent<ComponentType>;
};

/** A page loaded when its route is first opened, so the table itself stays small. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** A detail page: no menu entry or tab, a back button in the top bar. */
export const DETAIL = { hidden: true, hasReturn: true } as const;
