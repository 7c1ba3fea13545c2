import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ExportListQuery,
  type ExportRequest,
  type ExportRow,
  statisticsOperations as ops,
  type PlaybackLogQuery,
  type PlaybackSummaryQuery,
  type StatisticsChoiceKind,
} from '@vitrine/contract';
import { call, pathOf } from '../../lib/call';
import { requestBlob } from '../../lib/http';

// What other features use of this area's files.
export { logPeriod, periodQuery } from './period';

// Statistics (/manager/statistics): the playback log, its summary, the filter choices and the
// exports. The export list polls while an export is queued or running.
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
    queryFn: ({ signal }) => call(ops.playbackLog, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlaybackSummary(query: PlaybackSummaryQuery) {
  return useQuery({
    queryKey: statisticsKeys.summary(query),
    queryFn: ({ signal }) => call(ops.playbackSummary, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Devices, contents or schedules by name for a filter; the chosen one always among them. */
export function useStatisticsChoices(kind: StatisticsChoiceKind, keyword: string, id: number | undefined) {
  return useQuery({
    queryKey: statisticsKeys.choices(kind, keyword, id),
    queryFn: ({ signal }) =>
      call(ops.choices, { query: { kind, keyword: keyword || undefined, id } }, { signal }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const isBusy = (row: Pick<ExportRow, 'state'>) => row.state === 'queued' || row.state === 'running';

export function useExportList(query: ExportListQuery) {
  return useQuery({
    queryKey: statisticsKeys.exports(query),
    queryFn: ({ signal }) => call(ops.exportList, { query }, { signal }),
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
    mutationFn: (body: ExportRequest) => call(ops.exportCreate, { body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteExport() {
  const changed = useExportsChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.exportDelete, { params: { id } }),
    onSuccess: changed,
  });
}

const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves an export's file: read with the session's token, then handed to the browser. */
export async function downloadExport(row: Pick<ExportRow, 'id' | 'file_name'>): Promise<void> {
  const url = `${pathOf(ops.exportDetail, { id: row.id })}/download`;
  const blob = await requestBlob(url, { silent: false, accept: '*/*' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = row.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
}
