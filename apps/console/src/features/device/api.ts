import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceAddRequest,
  DeviceEditRequest,
  DeviceItem,
  DeviceList,
  DeviceListQuery,
  DeviceMoveRequest,
} from '@vitrine/contract';
import { request } from '../../lib/http';

// Devices (ARCHITECTURE §7, under /manager/device). Lists and details poll so the online dots
// follow the screens without a reload. Forms show failures inline, so their writes are silent.
const BASE = '/manager/device';
/** How often a shown list or detail asks again for the devices' state. */
export const DEVICE_REFRESH_MS = 10_000;

export const deviceKeys = {
  all: ['device'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (query: DeviceListQuery) => [...deviceKeys.lists(), query] as const,
  detail: (deviceId: number) => [...deviceKeys.all, 'detail', deviceId] as const,
};

export function useDeviceList(query: DeviceListQuery) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => request<DeviceList>('GET', BASE, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

export function useDevice(deviceId: number) {
  return useQuery({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: ({ signal }) => request<DeviceItem>('GET', `${BASE}/${deviceId}`, { signal }),
    enabled: deviceId > 0,
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

function useDevicesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });
}

/** Claims a screen by its signage ID and the PIN it shows. */
export function useAddDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: (body: DeviceAddRequest) => request<DeviceItem>('POST', BASE, { body, silent: true }),
    onSuccess: changed,
  });
}

export function useUpdateDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: number; body: DeviceEditRequest }) =>
      request<DeviceItem>('PUT', `${BASE}/${deviceId}`, { body, silent: true }),
    onSuccess: changed,
  });
}

/** Deletes one device, or several at once (DELETE with body ids). */
export function useDeleteDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? request<unknown>('DELETE', `${BASE}/${ids[0]}`)
        : request<unknown>('DELETE', BASE, { body: { ids } }),
    // A deleted device's detail is dropped, not asked for again (it would answer "not found").
    onSuccess: (_data, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: deviceKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
  });
}

export function useMoveDevices() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: (body: DeviceMoveRequest) => request<unknown>('POST', `${BASE}/move`, { body, silent: true }),
    onSuccess: changed,
  });
}
