import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OtaPlanCreateRequest,
  type OtaPlanDeviceQuery,
  type OtaPlanListQuery,
  otaPlanOperations as ops,
  otaDeviceOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { otaKeys } from './api';

// OTA plans (/manager/ota/plan, the /ota/plan page): the list, a plan and its devices, refreshed
// while a plan runs; the row actions; a new plan and the calls that find its targets.

/** How often a running plan's progress is read again while it is on screen. */
export const PLAN_REFRESH_MS = 5000;
/** Targets offered per search (the contract's largest page). */
const TARGET_PAGE = { page: 1, page_size: 50 } as const;

export const planKeys = {
  all: [...otaKeys.all, 'plan'] as const,
  list: (query: OtaPlanListQuery) => [...planKeys.all, 'list', query] as const,
  detail: (id: number) => [...planKeys.all, 'detail', id] as const,
  devices: (id: number, query: OtaPlanDeviceQuery) => [...planKeys.all, 'devices', id, query] as const,
  workspaces: (keyword: string) => [...planKeys.all, 'target-workspace', keyword] as const,
  devicesToTarget: (keyword: string) => [...planKeys.all, 'target-device', keyword] as const,
};

const runningRefresh = (running: boolean | undefined) => (running ? PLAN_REFRESH_MS : false);

export function usePlanList(query: OtaPlanListQuery) {
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => call(ops.planList, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      runningRefresh(current.state.data?.list.some((plan) => plan.status === 'running')),
  });
}

export function usePlanDetail(id: number | null) {
  return useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.planDetail, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    refetchInterval: (current) => runningRefresh(current.state.data?.status === 'running'),
  });
}

export function usePlanDevices(id: number | null, query: OtaPlanDeviceQuery, running: boolean) {
  return useQuery({
    queryKey: planKeys.devices(id ?? 0, query),
    queryFn: ({ signal }) => call(ops.planDevices, { params: { id: id ?? 0 }, query }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: runningRefresh(running),
  });
}

/** The row actions: each answers the plan as it now is; a refusal shows as the call's notice. */
export const PLAN_ACTIONS = {
  pause: ops.planPause,
  resume: ops.planResume,
  cancel: ops.planCancel,
  retry: ops.planRetry,
} as const;
export type PlanAction = keyof typeof PLAN_ACTIONS;

export function usePlanAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: PlanAction; id: number }) =>
      call(PLAN_ACTIONS[action], { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** A new plan; the drawer shows a refusal, so the call is silent. */
export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OtaPlanCreateRequest) => call(ops.planCreate, { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** "Install now" for devices of a plan: due at once and mandatory for them. */
export function useInstallNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deviceIds }: { id: number; deviceIds: number[] }) =>
      call(ops.planInstallNow, { params: { id }, body: { device_ids: deviceIds } }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** Workspaces of every company whose name (or company's) holds the keyword. */
export function useTargetWorkspaces(keyword: string) {
  return useQuery({
    queryKey: planKeys.workspaces(keyword),
    queryFn: ({ signal }) =>
      call(
        ops.planTargetWorkspaces,
        { query: { ...TARGET_PAGE, keyword: keyword || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The screens the caller may see whose name or signage ID holds the keyword. */
export function useTargetDevices(keyword: string) {
  return useQuery({
    queryKey: planKeys.devicesToTarget(keyword),
    queryFn: ({ signal }) =>
      call(
        otaDeviceOperations.deviceList,
        { query: { ...TARGET_PAGE, keyword: keyword || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
