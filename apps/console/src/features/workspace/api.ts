import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWorkspaceRequest,
  workspaceOperations as ops,
  type UpdateWorkspaceRequest,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import type { Holdings } from '../team/api';

// Workspaces (spec 000 §7 "Workspaces", under /manager/account). A workspace's members, devices
// and content are pages read through team's list source.

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

/** A workspace's members, devices and content. */
export function workspaceHoldings(id: number): Holdings {
  const key = [...workspaceKeys.all, 'contents', id];
  const params = { group_id: id };
  return {
    members: {
      key: [...key, 'members'],
      read: (query, signal) => call(ops.members, { params, query }, { signal }),
    },
    devices: {
      key: [...key, 'devices'],
      read: (query, signal) => call(ops.devices, { params, query }, { signal }),
    },
    content: {
      key: [...key, 'content'],
      read: (query, signal) => call(ops.content, { params, query }, { signal }),
    },
  };
}

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
