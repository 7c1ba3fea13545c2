import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceCommand,
  type DeviceLockRequest,
  type DeviceTimers,
  deviceOperations as ops,
} from '@vitrine/contract';
import { call, pathOf } from '../../lib/call';
import { requestBlob } from '../../lib/http';
import { deviceKeys } from './api';

// Remote control of devices: commands with their acknowledgement, weekly timers, the lock PIN
// and screenshots (ARCHITECTURE §7). Single-device writes are silent: the page shows the
// failure beside the control that caused it.
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
      call(ops.command, { params: { device_id: deviceId }, body: command }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlKeys.commands(deviceId) }),
  });
}

/** One command, asked for every second while the screen has not answered it. */
export function useCommandStatus(deviceId: number, commandId: number | null) {
  return useQuery({
    queryKey: controlKeys.command(deviceId, commandId ?? 0),
    queryFn: ({ signal }) =>
      call(
        ops.commandStatus,
        { params: { device_id: deviceId, command_id: commandId ?? 0 } },
        { signal, silent: true },
      ),
    enabled: commandId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? COMMAND_POLL_MS : false),
  });
}

/** The latest 20 commands of a device. */
export function useCommandList(deviceId: number) {
  return useQuery({
    queryKey: controlKeys.commands(deviceId),
    queryFn: ({ signal }) => call(ops.commands, { params: { device_id: deviceId } }, { signal }),
  });
}

/** One command to several devices; a refusal shows as the usual "tips" notice. */
export function useBatchCommand() {
  return useMutation({
    mutationFn: (body: { ids: number[]; command: DeviceCommand }) => call(ops.batchCommand, { body }),
  });
}

/** The latest screenshot as an object URL; `at` (the device's screenshot_at) keys each new one. */
export function useScreenshotBlob(deviceId: number, at: string | null) {
  return useQuery({
    queryKey: controlKeys.screenshot(deviceId, at),
    queryFn: ({ signal }) =>
      requestBlob(`${pathOf(ops.detail, { device_id: deviceId })}/screenshot`, { signal }),
    enabled: at !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeviceTimers(deviceId: number) {
  return useQuery({
    queryKey: controlKeys.timers(deviceId),
    queryFn: ({ signal }) => call(ops.timers, { params: { device_id: deviceId } }, { signal }),
    enabled: deviceId > 0,
  });
}

export function useSaveTimers() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `to`: one device, or the ids of several (the batch call). */
    mutationFn: ({ to, timers }: { to: number | number[]; timers: DeviceTimers }) =>
      typeof to === 'number'
        ? call(ops.saveTimers, { params: { device_id: to }, body: timers }, { silent: true })
        : call(ops.batchTimers, { body: { ids: to, ...timers } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useSetLock(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceLockRequest) =>
      call(ops.lock, { params: { device_id: deviceId }, body }, { silent: true }),
    onSuccess: (device) => queryClient.setQueryData(deviceKeys.detail(deviceId), device),
  });
}
