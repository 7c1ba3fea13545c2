import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompositionItem,
  DeviceAddRequest,
  DeviceEditRequest,
  DeviceItem,
  DeviceList,
  DeviceListQuery,
  DeviceMoveRequest,
  ListResult,
  PlaylistSummary,
  ProgramKind,
} from '@vitrine/contract';
import { request } from '../../lib/http';

// What other features use of this area's files.
export { DeviceStatusBadge } from './components/labels';

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
  programs: (kinds: readonly ProgramKind[]) => [...deviceKeys.all, 'programs', kinds] as const,
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

/** A playlist or composition a device may play by default, with the workspace it lives in. */
export type ProgramOption = { kind: ProgramKind; id: number; name: string; workspace_id: number };

/** Names first, as many as one list page holds. */
const PROGRAM_QUERY = { page: 1, page_size: 200, sort: 'name,asc' };

/** The playlists and compositions the caller sees, of the kinds it may list (the edit drawer's choice). */
export function useProgramOptions(kinds: readonly ProgramKind[], enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.programs(kinds),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        kinds.map(async (kind) => {
          const url = kind === 'playlist' ? '/manager/playlist' : '/manager/composition';
          const answer = await request<ListResult<PlaylistSummary | CompositionItem>>('GET', url, {
            query: PROGRAM_QUERY,
            signal,
          });
          return answer.list.map(
            (row): ProgramOption => ({ kind, id: row.id, name: row.name, workspace_id: row.workspace_id }),
          );
        }),
      );
      return lists.flat();
    },
    enabled: enabled && kinds.length > 0,
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
