import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemOperations as ops, type SystemSettingsRequest } from '@vitrine/contract';
import { call } from '../../lib/call';

// The servers of the installation and the platform-wide system settings (/manager/sys).

/** How often the servers table asks again: a process that stops answering shows within seconds. */
export const SERVERS_REFRESH_MS = 5_000;

export const systemKeys = {
  all: ['system'] as const,
  servers: ['system', 'servers'] as const,
  settings: ['system', 'settings'] as const,
};

export function useServers() {
  return useQuery({
    queryKey: systemKeys.servers,
    queryFn: ({ signal }) => call(ops.servers, {}, { signal }),
    refetchInterval: SERVERS_REFRESH_MS,
  });
}

export function useSystemSettings() {
  return useQuery({
    queryKey: systemKeys.settings,
    queryFn: ({ signal }) => call(ops.settings, {}, { signal }),
  });
}

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettingsRequest) => call(ops.saveSettings, { body }),
    onSuccess: (saved) => client.setQueryData(systemKeys.settings, saved),
  });
}
