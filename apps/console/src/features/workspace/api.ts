import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWorkspaceRequest,
  workspaceOperations as ops,
  type UpdateWorkspaceRequest,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import type { ListSource } from '../team/api';

// Workspaces (spec 000 §7 "Workspaces", under /manager/account). A workspace's members, devices
// and content are pages read through team's list source.
const BASE = '/manager/account';

export type WorkspaceContentList = 'member-list' | 'device-list' | 'content';

export const workspaceKeys = {
  all: ['workspace'] as const,
  tree: () => [...workspaceKeys.all, 'tree'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
};

/** The tree of workspaces the caller may use (GET workspace/select-list, data.result). */
export function useWorkspaceTree(enabled = true) {
  return useQuery({
    queryKey: workspaceKeys.tree(),
    queryFn: ({ signal }) => call(ops.tree, {}, { signal }),
    select: (tree) => tree.result,
    enabled,
  });
}

/** Every workspace of the company as a flat list with its counts. */
export function useWorkspaceList() {
  return useQuery({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => call(ops.list, {}, { signal }),
    select: (answer) => answer.list,
  });
}

/** A workspace's members, devices or content. */
export const workspaceContents = (id: number, list: WorkspaceContentList): ListSource => ({
  key: [...workspaceKeys.all, 'contents', id, list],
  url: `${BASE}/workspace/${id}/${list}`,
});

function useWorkspacesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

export function useCreateWorkspace() {
  const changed = useWorkspacesChanged();
  return useMutation({
    mutationFn: (body: CreateWorkspaceRequest) => call(ops.create, { body }, { silent: true }),
    onSuccess: changed,
  });
}

/** Renames and/or moves a workspace under another parent. */
export function useUpdateWorkspace() {
  const changed = useWorkspacesChanged();
  return useMutation({
    mutationFn: ({
      id,
      body,
      silent = true,
    }: {
      id: number;
      body: UpdateWorkspaceRequest;
      silent?: boolean;
    }) => call(ops.update, { params: { id }, body }, { silent }),
    onSuccess: changed,
  });
}

/** Silent: a refusal names what blocks the deletion, which the page shows itself. */
export function useDeleteWorkspace() {
  const changed = useWorkspacesChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.delete, { params: { id } }, { silent: true }),
    onSuccess: changed,
  });
}

/** POST user/workspace: the caller's active workspace; answers the updated user. */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (groupId: number) => call(ops.switch, { body: { group_id: groupId } }),
  });
}
