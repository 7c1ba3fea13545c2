import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolePermissionOperations as ops, type UpdateRolePermissionRequest } from '@vitrine/contract';
import { call } from '../../lib/call';

// The role → permission matrix (GET/PUT /manager/account/role/permission).

export const settingKeys = {
  all: ['setting'] as const,
  permissions: () => [...settingKeys.all, 'permissions'] as const,
};

export function useRolePermissions() {
  return useQuery({
    queryKey: settingKeys.permissions(),
    queryFn: ({ signal }) => call(ops.list, {}, { signal }),
  });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: number; body: UpdateRolePermissionRequest }) =>
      call(ops.save, { params: { role_id: roleId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.permissions() }),
  });
}
