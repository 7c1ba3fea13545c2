import { hasAny, type Permission } from '@vitrine/contract';
import { useSession } from './session';

// Permission and role checks take one key or a list and pass when any one is held (spec 000 §6).
export type Keys<T> = T | readonly T[];

export function hasPermission(held: readonly string[], keys: Keys<Permission>): boolean {
  return hasAny(held, keys);
}

export function hasRole(roleId: number | null | undefined, roles: Keys<number>): boolean {
  if (roleId === null || roleId === undefined) return false;
  return typeof roles === 'number' ? roles === roleId : roles.includes(roleId);
}

export function usePermission(keys: Keys<Permission>): boolean {
  return hasPermission(useSession().permissions, keys);
}
