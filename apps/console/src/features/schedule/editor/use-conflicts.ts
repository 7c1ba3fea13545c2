import { useQueries } from '@tanstack/react-query';
import { scheduleOperations as ops, type ScheduleDetail, type ScheduleTime } from '@vitrine/contract';
import { useMemo } from 'react';
import { call } from '../../../lib/call';
import { scheduleKeys } from '../api';
import { type Conflict, conflictsOf, DRAFT_ID } from './conflicts';
import type { Draft } from './draft';
import { addDays } from './frames';

/** Devices and schedules the hint looks at, at most (the first chosen devices). */
const DEVICE_SAMPLE = 10;
const SCHEDULE_SAMPLE = 20;
/** Days from the start the hint compares. */
const WINDOW_DAYS = 56;

const timeOf = (detail: ScheduleDetail): ScheduleTime & { name: string } => ({
  id: detail.id,
  name: detail.name,
  type: detail.type,
  priority: detail.priority,
  start_date: detail.start_date,
  end_date: detail.end_date,
  frames: detail.frames,
  spot: detail.spot,
  exclude_holidays: detail.exclude_holidays,
  approved_at: detail.approved_at ?? detail.updated_at,
});

/** The loaded schedules' times; combined once per change of the queries' data (a stable array). */
const othersOf = (results: { data?: ScheduleDetail }[]) =>
  results.flatMap((result) => (result.data ? [timeOf(result.data)] : []));

/**
 * The other approved schedules on the draft's devices (a sample), and how their times meet the
 * draft's over the first weeks of its date range.
 */
export function useConflicts(draft: Draft, ownId: number) {
  const devices = draft.devices.slice(0, DEVICE_SAMPLE).map((device) => device.device_id);
  const lists = useQueries({
    queries: devices.map((device_id) => {
      const query = { state: 'approved' as const, device_id, page: 1, page_size: SCHEDULE_SAMPLE };
      return {
        queryKey: scheduleKeys.list(query),
        queryFn: ({ signal }: { signal: AbortSignal }) => call(ops.list, { query }, { signal, silent: true }),
        staleTime: 30_000,
      };
    }),
  });
  const ids = [
    ...new Set(
      lists
        .flatMap((list) => list.data?.list ?? [])
        .map((row) => row.id)
        .filter((id) => id !== ownId),
    ),
  ].slice(0, SCHEDULE_SAMPLE);
  const others = useQueries({
    combine: othersOf,
    queries: ids.map((id) => ({
      queryKey: scheduleKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(ops.detail, { params: { id } }, { signal, silent: true }),
      staleTime: 30_000,
    })),
  });

  const conflicts = useMemo<Conflict[]>(() => {
    if (others.length === 0 || draft.frames.length === 0 || draft.start_date > draft.end_date) return [];
    const mine: ScheduleTime = {
      id: DRAFT_ID,
      type: draft.type,
      priority: draft.priority,
      start_date: draft.start_date,
      end_date: draft.end_date,
      frames: draft.frames,
      spot: null,
      exclude_holidays: false,
      // Approved after every schedule there is: it wins ties of priority.
      approved_at: '9999-12-31T00:00:00.000Z',
    };
    const last =
      addDays(draft.start_date, WINDOW_DAYS) < draft.end_date
        ? addDays(draft.start_date, WINDOW_DAYS)
        : draft.end_date;
    return conflictsOf(
      mine,
      others,
      Date.parse(`${draft.start_date}T00:00:00Z`),
      Date.parse(`${addDays(last, 1)}T00:00:00Z`),
    );
  }, [others, draft.frames, draft.start_date, draft.end_date, draft.priority, draft.type]);

  return { conflicts, others };
}
