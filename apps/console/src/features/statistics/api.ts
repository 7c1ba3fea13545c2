import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExportListQuery,
  ExportRequest,
  ExportRow,
  ListResult,
  PlaybackLogQuery,
  PlaybackLogRow,
  PlaybackSummary,
  PlaybackSummaryQuery,
  StatisticsChoice,
  StatisticsChoiceKind,
} from '@vitrine/contract';
import { request, requestBlob } from '../../lib/http';

// What other features use of this area's files.
export { periodQuery } from './period';

// Statistics (/manager/statistics): the playback log, its summary, the filter choices and the
// exports. The export list polls while an export is queued or running.
const BASE = '/manager/statistics';
/** How often the export list asks again while an export is being written. */
export const EXPORT_POLL_MS = 2000;

export const statisticsKeys = {
  all: ['statistics'] as const,
  log: (query: PlaybackLogQuery) => [...statisticsKeys.all, 'log', query] as const,
  summary: (query: PlaybackSummaryQuery) => [...statisticsKeys.all, 'summary', query] as const,
  choices: (kind: StatisticsChoiceKind, keyword: string, id: number | undefined) =>
    [...statisticsKeys.all, 'choices', kind, keyword, id] as const,
  exports: (query: ExportListQuery) => [...statisticsKeys.all, 'exports', query] as const,
};

export function usePlaybackLog(query: PlaybackLogQuery) {
  return useQuery({
    queryKey: statisticsKeys.log(query),
    queryFn: ({ signal }) =>
      request<ListResult<PlaybackLogRow>>('GET', `${BASE}/playback-log`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlaybackSummary(query: PlaybackSummaryQuery) {
  return useQuery({
    queryKey: statisticsKeys.summary(query),
    queryFn: ({ signal }) =>
      request<PlaybackSummary>('GET', `${BASE}/playback-log/summary`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Devices, contents or schedules by name for a filter; the chosen one always among them. */
export function useStatisticsChoices(kind: StatisticsChoiceKind, keyword: string, id: number | undefined) {
  return useQuery({
    queryKey: statisticsKeys.choices(kind, keyword, id),
    queryFn: ({ signal }) =>
      request<{ list: StatisticsChoice[] }>('GET', `${BASE}/choices`, {
        query: { kind, keyword: keyword || undefined, id },
        signal,
      }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const isBusy = (row: Pick<ExportRow, 'state'>) => row.state === 'queued' || row.state === 'running';

export function useExportList(query: ExportListQuery) {
  return useQuery({
    queryKey: statisticsKeys.exports(query),
    queryFn: ({ signal }) => request<ListResult<ExportRow>>('GET', `${BASE}/export`, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.list.some(isBusy) ? EXPORT_POLL_MS : false),
  });
}

function useExportsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...statisticsKeys.all, 'exports'] });
}

/** Asks for an export; the dialog shows a refusal itself. */
export function useCreateExport() {
  const changed = useExportsChanged();
  return useMutation({
    mutationFn: (body: ExportRequest) => request<ExportRow>('POST', `${BASE}/export`, { body, silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteExport() {
  const changed = useExportsChanged();
  return useMutation({
    mutationFn: (id: number) => request<null>('DELETE', `${BASE}/export/${id}`),
    onSuccess: changed,
  });
}

const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves an export's file: read with the session's token, then handed to the browser. */
export async function downloadExport(row: Pick<ExportRow, 'id' | 'file_name'>): Promise<void> {
  const blob = await requestBlob(`${BASE}/export/${row.id}/download`, { silent: false, accept: '*/*' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = row.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
}
