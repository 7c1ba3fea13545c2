import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceModelListQuery,
  type DeviceModelRequest,
  type ModelAssignRequest,
  deviceModelOperations as ops,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { deviceKeys } from '../device/api';

// Device models (/manager/device-model): the catalogue, the names devices report that it lacks,
// and which model devices are. A change to either touches the devices' pages too.

export const deviceModelKeys = {
  all: ['device-model'] as const,
  list: (query: DeviceModelListQuery) => [...deviceModelKeys.all, 'list', query] as const,
  unknown: () => [...deviceModelKeys.all, 'unknown'] as const,
};

export function useDeviceModelList(query: DeviceModelListQuery) {
  return useQuery({
    queryKey: deviceModelKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUnknownModels() {
  return useQuery({
    queryKey: deviceModelKeys.unknown(),
    queryFn: ({ signal }) => call(ops.unknown, {}, { signal }),
  });
}

function useModelsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deviceModelKeys.all }),
      // Devices show their model.
      queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
}

/** Adds a model (no id) or changes one; the form shows a refusal, so the call is silent. */
export function useSaveDeviceModel() {
  const changed = useModelsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DeviceModelRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteDeviceModels() {
  const changed = useModelsChanged();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.deleteMany, { body: { ids } }),
    onSuccess: changed,
  });
}

export function useAssignModel() {
  const changed = useModelsChanged();
  return useMutation({
    mutationFn: (body: ModelAssignRequest) => call(ops.assign, { body }, { silent: true }),
    onSuccess: changed,
  });
}
