import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AppKeyCreateRequest,
  type AppKeyListQuery,
  type DeviceKeyListQuery,
  type ExemptionCreateRequest,
  type ExemptionListQuery,
  otaKeyOperations as ops,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// The platform's OTA keys (/manager/ota/appkey, /validation-exemption, /device-key): their lists
// and writes. Creating a key answers its secret once; the drawers show a refusal, so those calls
// are silent.

export const otaKeyQueries = {
  all: ['ota', 'keys'] as const,
  appKeys: (query: AppKeyListQuery) => [...otaKeyQueries.all, 'app', query] as const,
  exemptions: (query: ExemptionListQuery) => [...otaKeyQueries.all, 'exemption', query] as const,
  deviceKeys: (query: DeviceKeyListQuery) => [...otaKeyQueries.all, 'device', query] as const,
};

/** A write of the keys: the lists reload once it is done. */
function useKeyWrite<V, R>(write: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: otaKeyQueries.all }),
  });
}

export function useAppKeyList(query: AppKeyListQuery) {
  return useQuery({
    queryKey: otaKeyQueries.appKeys(query),
    queryFn: ({ signal }) => call(ops.appKeyList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateAppKey = () =>
  useKeyWrite((body: AppKeyCreateRequest) => call(ops.appKeyCreate, { body }, { silent: true }));
export const useRotateAppKey = () => useKeyWrite((id: number) => call(ops.appKeyRotate, { params: { id } }));
export const useDeleteAppKeys = () =>
  useKeyWrite((ids: number[]) => call(ops.appKeyDeleteMany, { body: { ids } }));

export function useExemptionList(query: ExemptionListQuery) {
  return useQuery({
    queryKey: otaKeyQueries.exemptions(query),
    queryFn: ({ signal }) => call(ops.exemptionList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateExemption = () =>
  useKeyWrite((body: ExemptionCreateRequest) => call(ops.exemptionCreate, { body }, { silent: true }));
export const useDeleteExemptions = () =>
  useKeyWrite((ids: number[]) => call(ops.exemptionDeleteMany, { body: { ids } }));

export function useDeviceKeyList(query: DeviceKeyListQuery) {
  return useQuery({
    queryKey: otaKeyQueries.deviceKeys(query),
    queryFn: ({ signal }) => call(ops.deviceKeyList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Issues (or reissues) keys; silent when the drawer shows the refusal, not from a row's action. */
export const useIssueDeviceKeys = (silent = false) =>
  useKeyWrite((device_ids: number[]) => call(ops.deviceKeyIssue, { body: { device_ids } }, { silent }));
export const useRevokeDeviceKeys = () =>
  useKeyWrite((ids: number[]) => call(ops.deviceKeyRevoke, { body: { ids } }));
