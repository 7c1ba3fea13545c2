import { useQuery } from '@tanstack/react-query';
import type {
  ContentStatistic,
  DashboardStatistic,
  DeviceStatistic,
  OssStatistic,
  ScheduleStatistic,
  UserStatistic,
} from '@vitrine/contract';
import { request } from '../../lib/http';

// The /home dashboard's calls (spec 000 §7, under /manager/dashboard, no parameters). Each card
// shows its own failure, so the calls are silent; the figures refresh every minute while shown.
const BASE = '/manager/dashboard';
export const DASHBOARD_REFRESH_MS = 60_000;

type Statistics = {
  user: UserStatistic;
  device: DeviceStatistic;
  schedule: ScheduleStatistic;
  content: ContentStatistic;
  oss: OssStatistic;
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistic: (name: DashboardStatistic) => [...dashboardKeys.all, name] as const,
};

/** One statistic; not asked for when its card is not shown. */
export function useStatistic<Name extends DashboardStatistic>(name: Name, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.statistic(name),
    queryFn: ({ signal }) =>
      request<Statistics[Name]>('GET', `${BASE}/${name}-statistic`, { silent: true, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
