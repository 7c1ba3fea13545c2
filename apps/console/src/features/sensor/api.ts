import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sensorOperations as ops,
  type SensorIconRequest,
  type SensorListQuery,
  type SensorSaveRequest,
  sensorIconOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Sensors (/manager/iot-device): the tags, buttons and detectors of the workspace, the screens
// that listen to them, and the company's icon for each type. Forms show refusals inline, so their
// writes are silent.

export const sensorKeys = {
  all: ['sensor'] as const,
  list: (query: SensorListQuery) => [...sensorKeys.all, 'list', query] as const,
  detail: (id: number) => [...sensorKeys.all, 'detail', id] as const,
  icons: () => [...sensorKeys.all, 'icons'] as const,
};

export function useSensorList(query: SensorListQuery) {
  return useQuery({
    queryKey: sensorKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * These sensors, each asked for once (a link such as /schedule/sensors?tag_ids=3,4 names them):
 * `pending` until all have answered; those not found (gone, or not the caller's) are left out.
 */
export function useSensorsById(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: sensorKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(ops.detail, { params: { id } }, { signal, silent: true }),
      retry: false,
    })),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      sensors: results.flatMap((result) => (result.data ? [result.data] : [])),
    }),
  });
}

/** Adds a sensor (no id) or changes one. */
export function useSaveSensor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SensorSaveRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.all }),
  });
}

/** Deletes sensors; without `detach` those that trigger schedules are refused (409001) with them, silently. */
export function useDeleteSensors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, detach }: { ids: number[]; detach: boolean }) =>
      call(ops.deleteMany, { body: { ids, detach } }, { silent: !detach }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.all }),
  });
}

/** A new secret for a networked sensor (the one it had stops working); the answer holds it, once. */
export function useMakeSensorSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.makeSecret, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.all }),
  });
}

/** Removes a sensor's secret: its reads over the network are refused from then on. */
export function useRemoveSensorSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeSecret, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.all }),
  });
}

/** The company's own icon of each sensor type that has one. */
export function useSensorIcons() {
  return useQuery({
    queryKey: sensorKeys.icons(),
    queryFn: ({ signal }) => call(sensorIconOperations.list, {}, { signal }),
  });
}

export function useSaveSensorIcon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SensorIconRequest) => call(sensorIconOperations.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.icons() }),
  });
}

export function useDeleteSensorIcon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: string) => call(sensorIconOperations.delete, { body: { type } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sensorKeys.icons() }),
  });
}
