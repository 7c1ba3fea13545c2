import {
  DEFAULT_ROLE_PERMISSIONS,
  isRole,
  type Permission,
  ResultCode,
  ROLE_CEILING,
  ROLES,
  Role,
  type RoleItem,
  type RolePermissionItem,
} from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { rolePermissions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { presentRole } from './presenter';

// Who may give which role, who sees which, and the role → permission matrix (setting:pms).

/**
 * The roles a caller may assign to a user (and so manage: edit, delete, enable or disable,
 * invite). Customers are made through the customer calls; nobody assigns their own role.
 */
const ASSIGNABLE: Record<Role, readonly Role[]> = {
  [Role.system]: [Role.owner, Role.userAdmin, Role.user],
  [Role.systemOperator]: [Role.owner, Role.userAdmin, Role.user],
  [Role.customer]: [Role.owner, Role.userAdmin, Role.user],
  [Role.owner]: [Role.userAdmin, Role.user],
  [Role.userAdmin]: [Role.user],
  [Role.user]: [],
};

/** The roles of the users a caller can meet in its lists. */
const VISIBLE: Record<Role, readonly Role[]> = {
  [Role.system]: ROLES,
  [Role.systemOperator]: ROLES,
  [Role.customer]: [Role.customer, Role.owner, Role.userAdmin, Role.user],
  [Role.owner]: [Role.owner, Role.userAdmin, Role.user],
  [Role.userAdmin]: [Role.owner, Role.userAdmin, Role.user],
  [Role.user]: [Role.owner, Role.userAdmin, Role.user],
};

export const assignableRoles = (callerRole: number): readonly Role[] =>
  isRole(callerRole) ? ASSIGNABLE[callerRole] : [];

export const canAssign = (callerRole: number, role: number) =>
  (assignableRoles(callerRole) as readonly number[]).includes(role);

/** 403001 unless the caller may give (and manage) this role. */
export function assertAssignable(callerRole: number, role: number) {
  if (!canAssign(callerRole, role)) throw new AppError(ResultCode.permission);
}

/**
 * 403001 unless the caller may manage a user of this role: one it may assign, or for the
 * platform roles also a customer's account (made through the customer calls).
 */
export function assertManageable(callerRole: number, role: number) {
  const platform = callerRole === Role.system || callerRole === Role.systemOperator;
  if (!canAssign(callerRole, role) && !(platform && role === Role.customer)) {
    throw new AppError(ResultCode.permission);
  }
}

/** GET role/all-list: filter 0 every role the caller may see, 1 only those it may assign. */
export function roleList(callerRole: number, filter: number): RoleItem[] {
  if (!isRole(callerRole)) return [];
  const roles = filter === 1 ? ASSIGNABLE[callerRole] : VISIBLE[callerRole];
  return roles.map(presentRole);
}

export async function permissionMatrix(app: FastifyInstance): Promise<RolePermissionItem[]> {
  const items: RolePermissionItem[] = [];
  for (const role of ROLES) items.push(await matrixItem(app, role));
  return items;
}

async function matrixItem(app: FastifyInstance, role: Role): Promise<RolePermissionItem> {
  return {
    ...presentRole(role),
    permissions: [...(await app.matrix.of(role))],
    ceiling: [...ROLE_CEILING[role]],
    defaults: [...DEFAULT_ROLE_PERMISSIONS[role]],
  };
}

/**
 * Saves a role's grants within its ceiling. The system role keeps setting:pms, or nobody could
 * change the matrix again. Logged-in users get the change at their next request.
 */
export async function savePermissions(
  app: FastifyInstance,
  roleId: number,
  permissions: readonly Permission[],
): Promise<RolePermissionItem> {
  if (!isRole(roleId)) throw new AppError(ResultCode.notFound);
  const ceiling = ROLE_CEILING[roleId];
  if (permissions.some((key) => !ceiling.includes(key))) {
    throw new AppError(ResultCode.validation, 'team.beyondCeiling');
  }
  if (roleId === Role.system && !permissions.includes('setting:pms')) {
    throw new AppError(ResultCode.validation, 'team.keepPermissionSetting');
  }
  const saved = ceiling.filter((key) => permissions.includes(key));
  await app.db
    .insert(rolePermissions)
    .values({ roleId, permissions: saved })
    .onConflictDoUpdate({
      target: rolePermissions.roleId,
      set: { permissions: saved, updatedAt: new Date() },
    });
  await app.matrix.invalidate();
  return matrixItem(app, roleId);
}
