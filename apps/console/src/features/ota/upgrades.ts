import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OtaDeviceListQuery, type OtaLogQuery, otaDeviceOperations as ops } from '@vitrine/contract';
import { call } from '../../lib/call';

// Where the caller's screens stand (/manager/ota/device and /manager/ota/count): the /device/ota
// upgrade list, the OTA dots and the upgrade-tips panel; approving upgrades (/manager/ota/upgrade)
// and their history (/manager/ota/log, the /device/ota/log page).

export const otaDeviceKeys = {
  all: ['ota', 'device'] as const,
  list: (query: OtaDeviceListQuery) => [...otaDeviceKeys.all, 'list', query] as const,
  count: () => [...otaDeviceKeys.all, 'count'] as const,
  log: (query: OtaLogQuery) => [...otaDeviceKeys.all, 'log', query] as const,
};

export function useOtaDeviceList(query: OtaDeviceListQuery) {
  return useQuery({
    queryKey: otaDeviceKeys.list(query),
    queryFn: ({ signal }) => call(ops.deviceList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many of the caller's screens a newer compatible package exists for; silent: a dot or a tip is never worth an error. */
export const fetchUpgradableCount = async (signal?: AbortSignal): Promise<number> =>
  (await call(ops.count, undefined, { signal, silent: true })).upgradable_device_count;

export function useUpgradableCount(enabled: boolean) {
  return useQuery({
    queryKey: otaDeviceKeys.count(),
    queryFn: ({ signal }) => fetchUpgradableCount(signal),
    enabled,
  });
}

/** Approves the upgrade of these devices; a refusal shows the server's message. */
export function useUpgradeDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deviceIds: number[]) => call(ops.upgrade, { body: { device_ids: deviceIds } }),
    onSuccess: () => client.invalidateQueries({ queryKey: otaDeviceKeys.all }),
  });
}

export function useOtaLog(query: OtaLogQuery) {
  return useQuery({
    queryKey: otaDeviceKeys.log(query),
    queryFn: ({ signal }) => call(ops.log, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
