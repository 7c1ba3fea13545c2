import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  presetOperations as ops,
  type PresetApplication,
  type PresetListQuery,
  type PresetRequest,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Device presets (/manager/preset, the /device/preset-setting page). Forms show their failures
// inline, so their writes are silent.

/** How often a history waiting for screens' answers is read again. */
const WAITING_REFRESH_MS = 2000;

export const presetKeys = {
  all: ['preset'] as const,
  list: (query: PresetListQuery) => [...presetKeys.all, 'list', query] as const,
  applications: (id: number) => [...presetKeys.all, 'applications', id] as const,
};

export function usePresetList(query: PresetListQuery) {
  return useQuery({
    queryKey: presetKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function usePresetsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: presetKeys.all });
}

/** Adds a preset (no id) or changes one. */
export function useSavePreset() {
  const changed = usePresetsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PresetRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeletePreset() {
  const changed = usePresetsChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.deleteMany, { body: { ids: [id] } }),
    onSuccess: changed,
  });
}

export function useApplyPreset() {
  const changed = usePresetsChanged();
  return useMutation({
    mutationFn: ({ id, deviceIds }: { id: number; deviceIds: number[] }) =>
      call(ops.apply, { params: { id }, body: { device_ids: deviceIds } }, { silent: true }),
    onSuccess: changed,
  });
}

/** Whether a screen still waits for its player's answers. */
const waiting = (applications: readonly PresetApplication[]) =>
  applications.some((application) => application.devices.some((device) => device.state === 'sent'));

/** A preset's latest applications, read again while screens have not answered. */
export function usePresetApplications(id: number | null) {
  return useQuery({
    queryKey: presetKeys.applications(id ?? 0),
    queryFn: ({ signal }) => call(ops.applications, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && waiting(query.state.data.list) ? WAITING_REFRESH_MS : false,
  });
}
