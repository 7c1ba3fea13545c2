import {
  keepPreviousData,
  type Query,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  deviceOperations,
  type HolidayListQuery,
  type HolidayRequest,
  holidayOperations,
  programOperations,
  type ScheduleConfig,
  type ScheduleDetail,
  type ScheduleListQuery,
  type ScheduleRequest,
  scheduleOperations,
} from '@vitrine/contract';
import { useMemo } from 'react';
import { call } from '../../lib/call';

// Schedules (/manager/schedule) and holidays (/manager/holiday). Every schedule change
// refreshes all schedule queries (lists, details, audits, the pending count). The editor
// (features/schedule/editor) shows its failures beside its form, so create and update are silent;
// the list's actions let the shell's "tips" notification show a refusal.

export const scheduleKeys = {
  all: ['schedule'] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  list: (query: ScheduleListQuery) => [...scheduleKeys.lists(), query] as const,
  detail: (id: number) => [...scheduleKeys.all, 'detail', id] as const,
  audits: (id: number) => [...scheduleKeys.all, 'audits', id] as const,
  program: (id: number) => [...scheduleKeys.all, 'program', id] as const,
  pendingCount: () => [...scheduleKeys.all, 'pending-count'] as const,
};

export const holidayKeys = {
  all: ['holiday'] as const,
  list: (query: HolidayListQuery) => [...holidayKeys.all, 'list', query] as const,
};

export function useScheduleList(query: ScheduleListQuery, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.list(query),
    queryFn: ({ signal }) => call(scheduleOperations.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One schedule with its devices, items and frames; nothing is asked for id 0 (a new schedule). */
/** How often a schedule's page asks again while a push to one of its devices is under way. */
export const PUSH_REFRESH_MS = 2000;

/**
 * One schedule. While a device's push is pending (it has not fetched the schedule yet; the server
 * fails it after its timeout), or an approved schedule's publication has not reached a device yet
 * (the approval answers before it), the page asks again, so the devices' table follows the pushes.
 */
export function useSchedule(id: number) {
  return useQuery({
    queryKey: scheduleKeys.detail(id),
    queryFn: ({ signal }) => call(scheduleOperations.detail, { params: { id } }, { signal }),
    enabled: id > 0,
    refetchInterval: (current: Query<ScheduleDetail>) => {
      const schedule = current.state.data;
      const underWay = schedule?.devices.some(
        (device) =>
          device.push_status === 'pending' || (schedule.state === 'approved' && device.push_status === null),
      );
      return underWay ? PUSH_REFRESH_MS : false;
    },
  });
}

/** Who did what to a schedule, oldest first. */
export function useScheduleAudits(id: number) {
  return useQuery({
    queryKey: scheduleKeys.audits(id),
    queryFn: ({ signal }) =>
      call(scheduleOperations.audits, { params: { id } }, { signal }).then((data) => data.list),
    enabled: id > 0,
  });
}

/** What the dots show: schedules waiting for the caller's approval, the caller's rejected and push-failed ones. */
export const fetchPendingCount = (signal?: AbortSignal) =>
  call(scheduleOperations.pendingCount, {}, { signal, silent: true });

/**
 * What a screen of this orientation plays for a schedule (the server builds it: the stored playlist
 * or composition of a program schedule, the items of the others as one playlist).
 */
export function useScheduleProgram(id: number, orientation: number | null) {
  return useQuery({
    queryKey: [...scheduleKeys.program(id), orientation ?? 0] as const,
    queryFn: ({ signal }) =>
      call(
        programOperations.schedule,
        { params: { id }, query: { orientation: orientation ?? 0 } },
        { signal, silent: true },
      ),
    enabled: id > 0,
    staleTime: 0,
  });
}

export function useSchedulesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
}

/**
 * Creates a schedule (no id) or replaces one with everything in the body; silent (the editor shows
 * failures). `approve`: an approver's submit approves it as well once it is pending; a refused
 * approval is shown by the shell and leaves it saved and pending.
 */
export function useSaveSchedule() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: async ({ id, body, approve }: { id?: number; body: ScheduleRequest; approve?: boolean }) => {
      const saved = id
        ? await call(scheduleOperations.update, { params: { id }, body }, { silent: true })
        : await call(scheduleOperations.create, { body }, { silent: true });
      if (!approve || saved.state !== 'pending') return saved;
      return call(scheduleOperations.approve, { params: { id: saved.id } }).catch(() => saved);
    },
    onSuccess: changed,
  });
}

/** POST schedule (silent). */
export function useCreateSchedule() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: (body: ScheduleRequest) => call(scheduleOperations.create, { body }, { silent: true }),
    onSuccess: changed,
  });
}

/** PUT schedule/:id (silent). */
export function useUpdateSchedule() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ScheduleRequest }) =>
      call(scheduleOperations.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteSchedule() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: (id: number) => call(scheduleOperations.delete, { params: { id } }),
    onSuccess: changed,
  });
}

/** The state changes: submit (for approval, or published at once with approval off), withdraw, review (an approver opened it), approve. */
export type ScheduleTransition = 'submit' | 'withdraw' | 'review' | 'approve';

export function useScheduleTransition() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ScheduleTransition }) =>
      call(scheduleOperations[action], { params: { id } }),
    onSuccess: changed,
  });
}

export function useRejectSchedule() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(scheduleOperations.reject, { params: { id }, body: { reason } }, { silent: true }),
    onSuccess: changed,
  });
}

/** Turns the company's schedule approval on or off (owners and user admins). */
export function useSaveScheduleConfig() {
  const changed = useSchedulesChanged();
  return useMutation({
    mutationFn: (body: ScheduleConfig) => call(scheduleOperations.config, { body }),
    onSuccess: changed,
  });
}

/** The devices a list can be filtered by (the first 200, by name); the select filters them locally. */
export function useDeviceOptions() {
  return useQuery({
    queryKey: [...scheduleKeys.all, 'device-options'] as const,
    queryFn: ({ signal }) =>
      call(
        deviceOperations.list,
        { query: { page_size: 200, sort: 'device_name,asc' } },
        { signal, silent: true },
      ).then((data) => data.list.map((device) => ({ value: device.device_id, label: device.device_name }))),
    staleTime: 60_000,
  });
}

// ── Holidays ───────────────────────────────────────────────────────────────────────────────

export function useHolidayList(query: HolidayListQuery) {
  return useQuery({
    queryKey: holidayKeys.list(query),
    queryFn: ({ signal }) => call(holidayOperations.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's holidays (dates) of these years; none when the caller may not read them. */
export function useHolidayDates(years: readonly number[]) {
  const lists = useQueries({
    queries: years.map((year) => ({
      queryKey: holidayKeys.list({ year, page: 1, page_size: 200 }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(holidayOperations.list, { query: { year, page: 1, page_size: 200 } }, { signal, silent: true }),
      retry: false,
    })),
  });
  const key = lists.flatMap((query) => query.data?.list.map((holiday) => holiday.date) ?? []).join(',');
  return useMemo(() => new Set(key ? key.split(',') : []), [key]);
}

function useHolidaysChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: holidayKeys.all });
}

/** Adds a holiday (no id) or changes one; silent (the form shows "The time already exists."). */
export function useSaveHoliday() {
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: HolidayRequest }) =>
      id
        ? call(holidayOperations.update, { params: { id }, body }, { silent: true })
        : call(holidayOperations.create, { body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteHoliday() {
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: (id: number) => call(holidayOperations.delete, { params: { id } }),
    onSuccess: changed,
  });
}
