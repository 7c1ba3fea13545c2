import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ruleOperations as ops, type RuleListQuery, type RuleRequest } from '@vitrine/contract';
import { call } from '../../lib/call';

// Control rules (/manager/rule, the /device/rule page). Forms show their failures inline, so their
// writes are silent.

/** How often a history waiting for screens' answers is read again. */
const WAITING_REFRESH_MS = 2000;

export const ruleKeys = {
  all: ['rule'] as const,
  list: (query: RuleListQuery) => [...ruleKeys.all, 'list', query] as const,
  firings: (id: number) => [...ruleKeys.all, 'firings', id] as const,
};

export function useRuleList(query: RuleListQuery) {
  return useQuery({
    queryKey: ruleKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRulesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ruleKeys.all });
}

/** Adds a rule (no id) or changes one. */
export function useSaveRule() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RuleRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useEnableRule() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      call(ops.enable, { params: { id }, body: { enabled } }),
    onSuccess: changed,
  });
}

export function useDeleteRule() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.deleteMany, { body: { ids: [id] } }),
    onSuccess: changed,
  });
}

/** A rule's latest firings, read again while screens have not answered. */
export function useRuleFirings(id: number | null) {
  return useQuery({
    queryKey: ruleKeys.firings(id ?? 0),
    queryFn: ({ signal }) =>
      call(ops.firings, { params: { id: id ?? 0 }, query: { page: 1, page_size: 50 } }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.list.some((firing) => firing.state === 'sent') ? WAITING_REFRESH_MS : false,
  });
}
