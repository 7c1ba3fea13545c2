import type { UserInfo } from '@vitrine/contract';

/** The active workspace's name, as the server sends it with the user. */
export const workspaceNameOf = (user: UserInfo | null): string | null => user?.group_name ?? null;
