import type {
  CategoryItem,
  CompanyItem,
  CustomerItem,
  RoleItem,
  UserItem,
  WorkspaceItem,
  WorkspaceNode,
} from '@vitrine/contract';
import { roleName } from '../account';

// Rows of the team queries → the shapes of packages/contract/src/team.ts. Nothing leaves as stored.

export type UserRow = {
  id: number;
  username: string;
  nickname: string | null;
  email: string;
  roleId: number;
  status: number;
  companyId: number | null;
  companyName: string | null;
  workspaceId: number | null;
  workspaceName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
};

export const presentUserItem = (row: UserRow): UserItem => ({
  user_id: row.id,
  username: row.username,
  nickname: row.nickname,
  email: row.email,
  role_id: row.roleId,
  role_name: roleName(row.roleId),
  status: row.status,
  company_id: row.companyId,
  company_name: row.companyName,
  group_id: row.workspaceId,
  group_name: row.workspaceName,
  category_id: row.categoryId,
  category_name: row.categoryName,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export type CustomerRow = {
  id: number;
  name: string;
  clientType: string | null;
  email: string | null;
  userAdminCount: number;
  memberCount: number;
  companyCount: number;
  deviceCount: number;
  createdAt: Date;
};

export const presentCustomer = (row: CustomerRow): CustomerItem => ({
  customer_id: row.id,
  customer_name: row.name,
  client_type: row.clientType,
  email: row.email,
  user_admin_count: Number(row.userAdminCount),
  member_count: Number(row.memberCount),
  device_count: Number(row.deviceCount),
  company_count: Number(row.companyCount),
  created_at: row.createdAt.toISOString(),
});

export type CompanyRow = {
  id: number;
  name: string;
  rootWorkspaceId: number | null;
  ownerId: number | null;
  ownerUsername: string | null;
  ownerEmail: string | null;
  ownerStatus: number | null;
  customerId: number | null;
  customerName: string | null;
  memberCount: number;
  otherMembers: number;
  deviceCount: number;
  userLimit: number | null;
  origin: number;
  createdAt: Date;
};

export const presentCompany = (row: CompanyRow): CompanyItem => ({
  company_id: row.id,
  group_id: row.rootWorkspaceId === null ? null : Number(row.rootWorkspaceId),
  company_name: row.name,
  owner:
    row.ownerId === null
      ? null
      : {
          user_id: row.ownerId,
          username: row.ownerUsername ?? '',
          email: row.ownerEmail ?? '',
          status: row.ownerStatus ?? 0,
        },
  customer_id: row.customerId,
  customer_name: row.customerName,
  member_count: Number(row.memberCount),
  owned_devices: Number(row.deviceCount),
  user_limit: row.userLimit,
  origin: row.origin,
  created_at: row.createdAt.toISOString(),
  can_del: Number(row.otherMembers) === 0 && Number(row.deviceCount) === 0,
});

export type CategoryRow = { id: number; name: string; userCount: number };

export const presentCategory = (row: CategoryRow): CategoryItem => ({
  category_id: row.id,
  name: row.name,
  user_count: Number(row.userCount),
});

export type WorkspaceRow = {
  id: number;
  name: string;
  parentId: number | null;
  memberCount: number;
  deviceCount: number;
};

export const presentWorkspace = (row: WorkspaceRow): WorkspaceItem => ({
  group_id: row.id,
  name: row.name,
  parent_id: row.parentId,
  member_count: Number(row.memberCount),
  device_count: Number(row.deviceCount),
  // Content is counted by its area once it exists.
  content_count: 0,
});

/** The flat rows as a tree; a row whose parent is not among them is a root. */
export function presentTree(
  rows: readonly { id: number; name: string; parentId: number | null }[],
  ownId: number | null,
): WorkspaceNode[] {
  const nodes = new Map<number, WorkspaceNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      group_id: row.id,
      group_name: row.name,
      name: row.name,
      origin: row.id === ownId ? 'own' : 'sub',
      parent_id: row.parentId,
      children: [],
    });
  }
  const roots: WorkspaceNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as WorkspaceNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export const presentRole = (roleId: number): RoleItem => ({ role_id: roleId, name: roleName(roleId) });
