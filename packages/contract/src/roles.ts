// The six roles of spec 001 §3 with their numbers.
export const Role = {
  system: 1,
  customer: 2,
  userAdmin: 3,
  user: 4,
  systemOperator: 5,
  owner: 6,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES: readonly Role[] = [1, 2, 3, 4, 5, 6];

/** Role names as message keys (`role.<name>`) in the locales. */
export const ROLE_NAME: Record<Role, string> = {
  1: 'system',
  2: 'customer',
  3: 'userAdmin',
  4: 'user',
  5: 'systemOperator',
  6: 'owner',
};

/** Roles that run the platform rather than one tenant. */
export const PLATFORM_ROLES: readonly Role[] = [Role.system, Role.systemOperator];
/** Roles that see the workspace selector (spec 000 §2, §6). */
export const WORKSPACE_SELECTOR_ROLES: readonly Role[] = [Role.userAdmin, Role.user, Role.owner];
/** Roles that see the onboarding tour icon. */
export const TOUR_ROLES: readonly Role[] = [Role.owner, Role.user, Role.userAdmin];
/** Roles that never fetch storage info (spec 000 §4). */
export const NO_STORAGE_INFO_ROLES: readonly Role[] = [Role.systemOperator, Role.system, Role.customer];

export const isRole = (value: number): value is Role => (ROLES as readonly number[]).includes(value);
