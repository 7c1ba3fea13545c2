import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FontItem, type FontListQuery, type ListResult, fontOperations as ops } from '@vitrine/contract';
import { call } from '../../lib/call';

// What other features use of this area's files.
export { fontStack, useFontFaces } from './font-face';

// Fonts (/manager/font). The keys start with ['content', 'font']; a text shows its font's name,
// so a change to fonts refreshes the texts' keys too.

export type FontList = ListResult<FontItem>;

export const fontKeys = {
  all: ['content', 'font'] as const,
  list: (query: FontListQuery) => [...fontKeys.all, 'list', query] as const,
};

export function useFontList(query: FontListQuery, enabled = true) {
  return useQuery({
    queryKey: fontKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useFontsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fontKeys.all });
}

/** Uploads one file whole; a refusal shows the server's reason. */
export function useUploadFont() {
  const changed = useFontsChanged();
  return useMutation({
    mutationFn: (file: File) => call(ops.upload, { query: { name: file.name } }, { bytes: file }),
    onSuccess: changed,
  });
}

export function useRenameFont() {
  const changed = useFontsChanged();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(ops.rename, { params: { id }, body: { name } }, { silent: true }),
    onSuccess: changed,
  });
}

/** Deletes a font; without `detach` a font in use is refused (409001) with what uses it, silently. */
export function useDeleteFont() {
  const changed = useFontsChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, detach }: { id: number; detach: boolean }) =>
      call(ops.delete, { params: { id }, query: detach ? { detach: '1' } : {} }, { silent: !detach }),
    onSuccess: async (_, { detach }) => {
      await changed();
      // Texts that used it show the default font now.
      if (detach) await queryClient.invalidateQueries({ queryKey: ['content', 'text'] });
    },
  });
}
