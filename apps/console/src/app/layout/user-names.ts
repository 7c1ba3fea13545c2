import type { UserInfo } from '@vitrine/contract';

// The workspace's name, when the server sends it with the user (user-center/info); the contract
// does not carry it yet, and until it does the shell shows no name rather than a made-up one.
type NamedUser = UserInfo & Partial<{ group_name: string | null }>;

export const workspaceNameOf = (user: UserInfo | null): string | null =>
  (user as NamedUser | null)?.group_name || null;
