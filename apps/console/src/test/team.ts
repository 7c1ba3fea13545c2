import { AccountStatus, Role, type UserItem, type WorkspaceNode } from '@vitrine/contract';
import { vi } from 'vitest';
import { signIn } from '../lib/session';
import { loginResult } from './fixtures';

// Test data of the team pages. The fake server and page rendering come from the account
// feature's helpers (features/account/testing.tsx).

export function userItem(overrides: Partial<UserItem> = {}): UserItem {
  return {
    user_id: 21,
    username: 'grace',
    nickname: null,
    email: 'grace@example.com',
    role_id: Role.user,
    role_name: 'user',
    status: AccountStatus.active,
    company_id: 3,
    company_name: 'Ada Displays',
    group_id: 11,
    group_name: 'Ada Displays',
    category_id: null,
    category_name: null,
    last_login_at: null,
    created_at: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function workspaceNode(overrides: Partial<WorkspaceNode> = {}): WorkspaceNode {
  return {
    group_id: 11,
    group_name: 'Ada Displays',
    name: 'Ada Displays',
    origin: 'own',
    parent_id: null,
    children: [],
    ...overrides,
  };
}

/** Signs in an owner (or another role) holding these permissions. */
export function signInAs(roleId: number, permissions: string[], workspace: number | null = 11): void {
  const result = loginResult({ permissions }, { role_id: roleId, group_id: workspace });
  signIn(result);
}

/** The query strings sent to one path, from the stubbed fetch. */
export function queriesTo(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/backend${path}`)
    .map((url) => url.searchParams);
}
