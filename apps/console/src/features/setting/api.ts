import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RolePermissionItem, UpdateRolePermissionRequest } from '@vitrine/contract';
import { request } from '../../lib/http';

// The role → permission matrix (GET/PUT /manager/account/role/permission).
const BASE = '/manager/account/role/permission';

export const settingKeys = {
  all: ['setting'] as const,
  permissions: () => [...settingKeys.all, 'permissions'] as const,
};

export function useRolePermissions() {
  return useQuery({
    queryKey: settingKeys.permissions(),
    queryFn: ({ signal }) => request<RolePermissionItem[]>('GET', BASE, { signal }),
  });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: number; body: UpdateRolePermissionRequest }) =>
      request<unknown>('PUT', `${BASE}/${roleId}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.permissions() }),
  });
}
