import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  compositionOperations,
  type DeviceAddRequest,
  type DeviceEditRequest,
  type DeviceListQuery,
  type DeviceMoveRequest,
  deviceOperations as ops,
  type ProgramKind,
  playlistOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Devices (ARCHITECTURE §7, under /manager/device). Lists and details poll so the online dots
// follow the screens without a reload. Forms show failures inline, so their writes are silent.
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
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

export function useDevice(deviceId: number) {
  return useQuery({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: ({ signal }) => call(ops.detail, { params: { device_id: deviceId } }, { signal }),
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
          const answer =
            kind === 'playlist'
              ? await call(playlistOperations.list, { query: PROGRAM_QUERY }, { signal })
              : await call(compositionOperations.list, { query: PROGRAM_QUERY }, { signal });
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
    mutationFn: (body: DeviceAddRequest) => call(ops.add, { body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useUpdateDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: number; body: DeviceEditRequest }) =>
      call(ops.update, { params: { device_id: deviceId }, body }, { silent: true }),
    onSuccess: changed,
  });
}

/** Deletes one device, or several at once (DELETE with body ids). */
export function useDeleteDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? call(ops.delete, { params: { device_id: ids[0] } })
        : call(ops.deleteMany, { body: { ids } }),
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
    mutationFn: (body: DeviceMoveRequest) => call(ops.move, { body }, { silent: true }),
    onSuccess: changed,
  });
}
