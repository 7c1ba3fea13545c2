import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ContentErrorListQuery, noticeOperations } from '@vitrine/contract';
import { call } from '../../lib/call';

// Notices (/manager/notice): the items players reported they could not show.

export const noticeKeys = {
  all: ['notice'] as const,
  contentErrors: (query: ContentErrorListQuery) => [...noticeKeys.all, 'content-error', query] as const,
};

export function useContentErrors(query: ContentErrorListQuery) {
  return useQuery({
    queryKey: noticeKeys.contentErrors(query),
    queryFn: ({ signal }) => call(noticeOperations.contentErrors, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
