import type { Role } from '@vitrine/contract';
import type { ComponentType, LazyExoticComponent } from 'react';

// The shape of the route table (spec 000 §2). Paths are absolute; titles are keys of the
// 'common' namespace; a route without `permission` is public.
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
  permission?: string | readonly string[];
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
