import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CustomDomainRequest,
  type CustomerLogoRequest,
  customDomainOperations,
  type customerThemeRequestSchema,
  rolePermissionOperations as ops,
  type SystemPropertyRequest,
  settingOperations,
  systemPropertyOperations,
  type UpdateRolePermissionRequest,
} from '@vitrine/contract';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { setConfig } from '../../lib/session';

type CustomerThemeRequestInput = z.input<typeof customerThemeRequestSchema>;

// The role → permission matrix (GET/PUT /manager/account/role/permission), the white-label look,
// custom domains and system properties.

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

// ── The white-label look, custom domains and system properties ───────────────────────────────

export const brandKeys = {
  logo: () => [...settingKeys.all, 'logo'] as const,
  theme: () => [...settingKeys.all, 'theme'] as const,
  domains: () => [...settingKeys.all, 'domains'] as const,
  properties: () => [...settingKeys.all, 'properties'] as const,
};

export function useBrandLogo() {
  return useQuery({
    queryKey: brandKeys.logo(),
    queryFn: ({ signal }) => call(settingOperations.logo, {}, { signal }),
  });
}

export function useBrandTheme() {
  return useQuery({
    queryKey: brandKeys.theme(),
    queryFn: ({ signal }) => call(settingOperations.theme, {}, { signal }),
  });
}

/** Saves the logo or icon (null: back to the default), then refreshes the shell's remote config. */
export function useSaveBrandLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerLogoRequest) => call(settingOperations.saveLogo, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(brandKeys.logo(), saved);
      await refreshConfig();
    },
  });
}

export function useSaveBrandTheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerThemeRequestInput) => call(settingOperations.saveTheme, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(brandKeys.theme(), saved);
      await refreshConfig();
    },
  });
}

/** The shell shows the saved look at once. */
async function refreshConfig() {
  setConfig(await call(settingOperations.configMine, {}, { silent: true }));
}

export function useDomainList() {
  return useQuery({
    queryKey: brandKeys.domains(),
    queryFn: ({ signal }) => call(customDomainOperations.list, {}, { signal }),
  });
}

export function useSaveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CustomDomainRequest }) =>
      id === undefined
        ? call(customDomainOperations.create, { body })
        : call(customDomainOperations.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.domains() }),
  });
}

export function useDeleteDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(customDomainOperations.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.domains() }),
  });
}

export function usePropertyList() {
  return useQuery({
    queryKey: brandKeys.properties(),
    queryFn: ({ signal }) => call(systemPropertyOperations.list, {}, { signal }),
  });
}

export function useSaveProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SystemPropertyRequest }) =>
      id === undefined
        ? call(systemPropertyOperations.create, { body })
        : call(systemPropertyOperations.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.properties() }),
  });
}

export function useDeleteProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(systemPropertyOperations.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.properties() }),
  });
}
