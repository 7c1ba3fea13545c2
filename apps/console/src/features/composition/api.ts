import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompositionItem,
  type CompositionListQuery,
  type CompositionRequest,
  type CompositionTemplateListQuery,
  type CompositionTemplateRequest,
  type ListResult,
  compositionOperations as ops,
  programOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Compositions (/manager/composition) and their templates (/manager/composition-template). The
// editor shows refusals inline, so its writes are silent; deletes are silent without `detach`
// because an in-use refusal opens the dialog that offers it.

export type CompositionList = ListResult<CompositionItem>;

export const compositionKeys = {
  all: ['composition'] as const,
  list: (query: CompositionListQuery) => [...compositionKeys.all, 'list', query] as const,
  detail: (id: number) => [...compositionKeys.all, 'detail', id] as const,
  templates: () => [...compositionKeys.all, 'template'] as const,
};

export function useCompositionList(query: CompositionListQuery) {
  return useQuery({
    queryKey: compositionKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One composition with its zones; `null` asks for nothing. */
export function useComposition(id: number | null) {
  return useQuery({
    queryKey: compositionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.detail, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

function useCompositionsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: compositionKeys.all });
}

/** Adds a composition (no id) or replaces one with the draft. */
export function useSaveComposition() {
  const changed = useCompositionsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CompositionRequest }) =>
      id === null
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useCopyComposition() {
  const changed = useCompositionsChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.copy, { params: { id }, body: undefined }),
    onSuccess: changed,
  });
}

export function useDeleteCompositions() {
  const changed = useCompositionsChanged();
  return useMutation({
    mutationFn: ({ ids, detach }: { ids: number[]; detach: boolean }) =>
      call(ops.deleteMany, { body: { ids, detach } }, { silent: !detach }),
    onSuccess: changed,
  });
}

/** What a screen would play: a saved composition (`id`), or the editor's draft (`body`), asked afresh. */
export function useCompositionProgram(body: CompositionRequest | number | null) {
  return useQuery({
    queryKey: [...compositionKeys.all, 'program', body] as const,
    // Runs only when enabled, so a draft's body is there.
    queryFn: ({ signal }) =>
      typeof body === 'number'
        ? call(programOperations.composition, { params: { id: body } }, { signal })
        : call(
            programOperations.compositionDraft,
            { body: body as CompositionRequest },
            { signal, silent: true },
          ),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

// ── Templates ───────────────────────────────────────────────────────────────────────────────

/** Every template at once (shipped ones and the company's own are few): the grid and the chooser. */
const ALL_TEMPLATES: CompositionTemplateListQuery = { page_size: 200, sort: 'created_at,asc' };

export function useTemplateList() {
  return useQuery({
    queryKey: compositionKeys.templates(),
    queryFn: ({ signal }) => call(ops.templateList, { query: ALL_TEMPLATES }, { signal }),
  });
}

/** "Save as template": the draft's layout under a name of its own. */
export function useSaveTemplate() {
  const changed = useCompositionsChanged();
  return useMutation({
    mutationFn: (body: CompositionTemplateRequest) => call(ops.templateCreate, { body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteTemplate() {
  const changed = useCompositionsChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.templateDelete, { params: { id } }),
    onSuccess: changed,
  });
}
