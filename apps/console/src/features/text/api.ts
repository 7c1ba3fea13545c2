import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentDeleteRequest,
  type ListResult,
  textOperations as ops,
  type TextItem,
  type TextListQuery,
  type TextRequest,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Text messages (/manager/text). The keys start with ['content', 'text'], so they sit under the
// content area's key as well. Forms show their failures inline, so their writes are silent.

export type TextList = ListResult<TextItem>;

export const textKeys = {
  all: ['content', 'text'] as const,
  list: (query: TextListQuery) => [...textKeys.all, 'list', query] as const,
};

export function useTextList(query: TextListQuery) {
  return useQuery({
    queryKey: textKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useTextsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: textKeys.all });
}

/** Adds a text (no id) or changes one. */
export function useSaveText() {
  const changed = useTextsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TextRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteTexts() {
  const changed = useTextsChanged();
  return useMutation({
    // The first try is silent: a text in use is answered with the offer to detach it, not a notice.
    mutationFn: (body: ContentDeleteRequest) => call(ops.deleteMany, { body }, { silent: !body.detach }),
    onSuccess: changed,
  });
}
