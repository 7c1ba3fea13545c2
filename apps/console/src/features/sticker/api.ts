import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ListResult,
  stickerOperations as ops,
  type StickerItem,
  type StickerListQuery,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Stickers (/manager/sticker). The keys start with ['content', 'sticker'].

export type StickerList = ListResult<StickerItem>;

export const stickerKeys = {
  all: ['content', 'sticker'] as const,
  list: (query: StickerListQuery) => [...stickerKeys.all, 'list', query] as const,
};

export function useStickerList(query: StickerListQuery) {
  return useQuery({
    queryKey: stickerKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useStickersChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: stickerKeys.all });
}

/** Uploads one file whole; the page names the file in its own notice of a refusal. */
export function useUploadSticker() {
  const changed = useStickersChanged();
  return useMutation({
    mutationFn: (file: File) =>
      call(ops.upload, { query: { name: file.name } }, { bytes: file, silent: true }),
    onSuccess: changed,
  });
}

export function useRenameSticker() {
  const changed = useStickersChanged();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(ops.rename, { params: { id }, body: { name } }, { silent: true }),
    onSuccess: changed,
  });
}

/** Deletes stickers; without `detach` those in use are refused (409001) with what uses them, silently. */
export function useDeleteStickers() {
  const changed = useStickersChanged();
  return useMutation({
    mutationFn: ({ ids, detach }: { ids: number[]; detach: boolean }) =>
      call(ops.deleteMany, { body: { ids, detach } }, { silent: !detach }),
    onSuccess: changed,
  });
}
