import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContentErrorListQuery, ContentErrorLogRow, ListResult } from '@vitrine/contract';
import { request } from '../../lib/http';

// Notices (/manager/notice): the items players reported they could not show.

export const noticeKeys = {
  all: ['notice'] as const,
  contentErrors: (query: ContentErrorListQuery) => [...noticeKeys.all, 'content-error', query] as const,
};

export function useContentErrors(query: ContentErrorListQuery) {
  return useQuery({
    queryKey: noticeKeys.contentErrors(query),
    queryFn: ({ signal }) =>
      request<ListResult<ContentErrorLogRow>>('GET', '/manager/notice/content-error', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
