import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceCommand,
  DeviceCommandItem,
  DeviceItem,
  DeviceLockRequest,
  DeviceTimers,
} from '@vitrine/contract';
import { request, requestBlob } from '../../lib/http';
import { deviceKeys } from './api';

// Remote control of devices: commands with their acknowledgement, weekly timers, the lock PIN
// and screenshots (ARCHITECTURE §7). Single-device writes are silent: the page shows the
// failure beside the control that caused it.
const BASE = '/manager/device';
/** How often a pending command is asked for again until the screen acknowledges it. */
export const COMMAND_POLL_MS = 1000;

export const controlKeys = {
  commands: (deviceId: number) => [...deviceKeys.detail(deviceId), 'commands'] as const,
  command: (deviceId: number, commandId: number) =>
    [...deviceKeys.detail(deviceId), 'command', commandId] as const,
  screenshot: (deviceId: number, at: string | null) =>
    [...deviceKeys.detail(deviceId), 'screenshot', at] as const,
  timers: (deviceId: number) => [...deviceKeys.detail(deviceId), 'timers'] as const,
};

export function useSendCommand(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: DeviceCommand) =>
      request<DeviceCommandItem>('POST', `${BASE}/${deviceId}/command`, { body: command, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlKeys.commands(deviceId) }),
  });
}

/** One command, asked for every second while the screen has not answered it. */
export function useCommandStatus(deviceId: number, commandId: number | null) {
  return useQuery({
    queryKey: controlKeys.command(deviceId, commandId ?? 0),
    queryFn: ({ signal }) =>
      request<DeviceCommandItem>('GET', `${BASE}/${deviceId}/command/${commandId}`, { signal, silent: true }),
    enabled: commandId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? COMMAND_POLL_MS : false),
  });
}

/** The latest 20 commands of a device. */
export function useCommandList(deviceId: number) {
  return useQuery({
    queryKey: controlKeys.commands(deviceId),
    queryFn: ({ signal }) =>
      request<{ list: DeviceCommandItem[] }>('GET', `${BASE}/${deviceId}/command`, { signal }),
  });
}

/** One command to several devices; a refusal shows as the usual "tips" notice. */
export function useBatchCommand() {
  return useMutation({
    mutationFn: (body: { ids: number[]; command: DeviceCommand }) =>
      request<{ list: DeviceCommandItem[] }>('POST', `${BASE}/command`, { body }),
  });
}

/** The latest screenshot as an object URL; `at` (the device's screenshot_at) keys each new one. */
export function useScreenshotBlob(deviceId: number, at: string | null) {
  return useQuery({
    queryKey: controlKeys.screenshot(deviceId, at),
    queryFn: ({ signal }) => requestBlob(`${BASE}/${deviceId}/screenshot`, { signal }),
    enabled: at !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeviceTimers(deviceId: number) {
  return useQuery({
    queryKey: controlKeys.timers(deviceId),
    queryFn: ({ signal }) => request<DeviceTimers>('GET', `${BASE}/${deviceId}/timer`, { signal }),
    enabled: deviceId > 0,
  });
}

export function useSaveTimers() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `to`: one device, or the ids of several (the batch call). */
    mutationFn: ({ to, timers }: { to: number | number[]; timers: DeviceTimers }) =>
      typeof to === 'number'
        ? request<DeviceTimers>('PUT', `${BASE}/${to}/timer`, { body: timers, silent: true })
        : request<unknown>('PUT', `${BASE}/timer`, { body: { ids: to, ...timers }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useSetLock(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceLockRequest) =>
      request<DeviceItem>('PUT', `${BASE}/${deviceId}/lock`, { body, silent: true }),
    onSuccess: (device) => queryClient.setQueryData(deviceKeys.detail(deviceId), device),
  });
}
