import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  templateTypeOperations as ops,
  type TemplateType,
  type TemplateTypeRequest,
} from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { contentKeys } from '../content/api';

// Template types (/manager/template-type) and the type of an H5 content (a mobile template). The
// type keys sit under the content area's key: uploads and deletions of templates change the
// types' counts, and a renamed type shows on the templates' cards.

export const templateTypeKeys = {
  all: [...contentKeys.all, 'template-type'] as const,
};

/** Every type the caller sees, by sort then name (a short list, not paged). */
export function useTemplateTypes(enabled = true) {
  return useQuery({
    queryKey: templateTypeKeys.all,
    queryFn: ({ signal }) => call(ops.list, {}, { signal }),
    enabled,
  });
}

/** A type's name as shown: a shipped type's in the reader's language. */
export function useTemplateTypeName() {
  const { t } = useTranslation('contract');
  return (type: Pick<TemplateType, 'name' | 'name_key'>) =>
    type.name_key ? t(type.name_key, { defaultValue: type.name }) : type.name;
}

function useContentChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contentKeys.all });
}

/** Adds a type (no id) or changes one; the form shows a refusal (a duplicate name) itself. */
export function useSaveTemplateType() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TemplateTypeRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.update, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

/** Deletes a type; the server refuses one that templates use, and its notice says so. */
export function useDeleteTemplateType() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.delete, { params: { id } }),
    onSuccess: changed,
  });
}

/** Gives an H5 content a type, or none (null). */
export function useSetTemplateType() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ id, template_type_id }: { id: number; template_type_id: number | null }) =>
      call(ops.setContentType, { params: { id }, body: { template_type_id } }, { silent: true }),
    onSuccess: changed,
  });
}
