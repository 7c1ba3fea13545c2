import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type OtaDeviceListQuery, otaDeviceOperations as ops } from '@vitrine/contract';
import { call } from '../../lib/call';

// Where the caller's screens stand (/manager/ota/device and /manager/ota/count): the /device/ota
// upgrade list, the OTA dots and the upgrade-tips panel.

export const otaDeviceKeys = {
  all: ['ota', 'device'] as const,
  list: (query: OtaDeviceListQuery) => [...otaDeviceKeys.all, 'list', query] as const,
  count: () => [...otaDeviceKeys.all, 'count'] as const,
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
