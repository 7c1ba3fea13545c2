import { keepPreviousData, type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentApprovalListQuery,
  type ContentItem,
  type ContentListQuery,
  ContentType,
  type LibraryContentType,
  type ListResult,
  contentOperations as ops,
  type StreamRequest,
  type WebsiteRequest,
} from '@vitrine/contract';
import { call, pathOf } from '../../lib/call';
import { requestBlob } from '../../lib/http';
import type { LinkContentType } from './library';

// What other features use of this area's files.
export type { LibraryView } from './library';
export { KIND_OF } from './library';
export { useLayoutChoice } from './use-layout-choice';

// The content library (ARCHITECTURE §5, under /manager/resource). The query keys start with
// 'content': the upload panel invalidates ['content'] after each upload, which refreshes the
// lists and the folder counts here. Dialogs show their failures inline, so their writes are silent.
/** How often a shown list or item asks again while a file of it is still being processed. */
export const PROCESSING_REFRESH_MS = 3000;
/** The upload panel's storage-info key: purging frees space. */
const STORAGE_KEY = ['storage'] as const;

export type ContentList = ListResult<ContentItem>;

export const contentKeys = {
  all: ['content'] as const,
  lists: () => [...contentKeys.all, 'list'] as const,
  list: (query: ContentListQuery) => [...contentKeys.lists(), query] as const,
  detail: (id: number) => [...contentKeys.all, 'detail', id] as const,
  folders: (type: LibraryContentType) => [...contentKeys.all, 'folders', type] as const,
  approvals: (query: ContentApprovalListQuery) => [...contentKeys.all, 'approvals', query] as const,
};

const isProcessing = (item: ContentItem) => item.state === 'processing';

export function useContentList(query: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current: Query<ContentList>) =>
      current.state.data?.list.some(isProcessing) ? PROCESSING_REFRESH_MS : false,
  });
}

/** One item, e.g. the one a link's `?id=` opens; `null` asks for nothing. `known` (the list's
 * copy) shows while the server answers. */
export function useContentItem(id: number | null, known?: ContentItem) {
  return useQuery({
    queryKey: contentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.detail, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null && id > 0,
    placeholderData: known,
    refetchInterval: (current: Query<ContentItem>) =>
      current.state.data && isProcessing(current.state.data) ? PROCESSING_REFRESH_MS : false,
  });
}

/** What uses each of these items (schedules, playlists, video-wall content), asked afresh. */
export const fetchUses = (ids: readonly number[]) =>
  Promise.all(ids.map((id) => call(ops.uses, { params: { id } })));

function useContentChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contentKeys.all });
}

export function useRenameContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(ops.rename, { params: { id }, body: { name } }, { silent: true }),
    onSuccess: changed,
  });
}

/** A failed upload processed again from its stored file (a refusal shows the server's notice). */
export function useReprocessContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (id: number) => call(ops.reprocess, { params: { id } }),
    onSuccess: changed,
  });
}

export function useMoveContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (body: { ids: number[]; folder_id: number }) => call(ops.move, { body }, { silent: true }),
    onSuccess: changed,
  });
}

/** To the recycle bin; `detach` first removes the items from whatever uses them. */
export function useDeleteContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (body: { ids: number[]; detach: boolean }) => call(ops.deleteMany, { body }),
    onSuccess: changed,
  });
}

export function useRestoreContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.restore, { body: { ids } }),
    onSuccess: changed,
  });
}

/** Deletes items of the recycle bin for good, which frees their storage. */
export function usePurgeContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.purge, { body: { ids } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
        queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
      ]),
  });
}

/** Adds a website or stream, or changes one (`id`). */
export function useSaveLink(type: LinkContentType) {
  const changed = useContentChanged();
  const website = type === ContentType.website;
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WebsiteRequest | StreamRequest }) => {
      if (website) {
        return id
          ? call(ops.editWebsite, { params: { id }, body }, { silent: true })
          : call(ops.createWebsite, { body }, { silent: true });
      }
      return id
        ? call(ops.editStream, { params: { id }, body }, { silent: true })
        : call(ops.createStream, { body }, { silent: true });
    },
    onSuccess: changed,
  });
}

// ── Approval (spec 001 §4) ──────────────────────────────────────────────────────────────────

/** The content waiting for the caller's approval, of every type (the approval list's second tab). */
export function useContentApprovals(query: ContentApprovalListQuery, enabled = true) {
  return useQuery({
    queryKey: contentKeys.approvals(query),
    queryFn: ({ signal }) => call(ops.approvals, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** An approval step of one item: an approver's review or approval, its creator's submit or withdraw. */
export type ContentApprovalStep = 'review' | 'approve' | 'submit' | 'withdraw';

export function useContentApprovalStep() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: ContentApprovalStep }) =>
      call(ops[step], { params: { id } }),
    onSuccess: changed,
  });
}

/** Rejects an item with a reason its creator sees (silent: the dialog shows a refusal). */
export function useRejectContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(ops.reject, { params: { id }, body: { reason } }, { silent: true }),
    onSuccess: changed,
  });
}

// ── Folders ─────────────────────────────────────────────────────────────────────────────────

/** The active workspace's folders, the default one first, counting the items of one type. */
export function useFolders(type: LibraryContentType) {
  return useQuery({
    queryKey: contentKeys.folders(type),
    queryFn: ({ signal }) => call(ops.folders, { query: { type } }, { signal }),
  });
}

/** Creates a folder, or renames one (`folderId`). */
export function useSaveFolder() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ folderId, name }: { folderId?: number; name: string }) =>
      folderId
        ? call(ops.renameFolder, { params: { folder_id: folderId }, body: { name } }, { silent: true })
        : call(ops.createFolder, { body: { name } }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteFolder() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (folderId: number) => call(ops.deleteFolder, { params: { folder_id: folderId } }),
    onSuccess: changed,
  });
}

// ── Download ────────────────────────────────────────────────────────────────────────────────

const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves an item's original file: read with the session's token, then handed to the browser. */
export async function downloadContent(item: Pick<ContentItem, 'id' | 'name'>): Promise<void> {
  const blob = await requestBlob(`${pathOf(ops.detail, { id: item.id })}/file`, {
    silent: false,
    accept: '*/*',
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = item.name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after the click returns: keep it a while before freeing it.
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
}
