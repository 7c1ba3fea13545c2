import { useQuery } from '@tanstack/react-query';
import {
  type DashboardStatistic,
  dashboardOperations,
  type Operation,
  type OperationData,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// The /home dashboard's calls (spec 000 §7, under /manager/dashboard, no parameters). Each card
// shows its own failure, so the calls are silent; the figures refresh every minute while shown.
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistic: (name: DashboardStatistic) => [...dashboardKeys.all, name] as const,
};

/** One statistic; not asked for when its card is not shown. */
export function useStatistic<Name extends DashboardStatistic>(name: Name, enabled = true) {
  // Every statistic takes no input; its answer is typed by its name.
  const op: Operation = dashboardOperations[name];
  return useQuery({
    enabled,
    queryKey: dashboardKeys.statistic(name),
    queryFn: ({ signal }) =>
      call(op, {}, { silent: true, signal }) as Promise<OperationData<(typeof dashboardOperations)[Name]>>,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
