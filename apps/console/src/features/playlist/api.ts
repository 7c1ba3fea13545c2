import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ListResult,
  type PlaylistListQuery,
  type PlaylistRequest,
  type PlaylistSummary,
  playlistOperations,
  programOperations,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// What other features use of this area's files.
export { kindOfType } from './items';
export { useEditorGuard } from './unsaved';

// Playlists (/manager/playlist). The keys start with ['content', 'playlist']: an upload or a delete
// in the content library refreshes what playlists show of their items too. The editor shows its
// failures above its form, so its save is silent.

export type PlaylistList = ListResult<PlaylistSummary>;

export const playlistKeys = {
  all: ['content', 'playlist'] as const,
  list: (query: PlaylistListQuery) => [...playlistKeys.all, 'list', query] as const,
  detail: (id: number) => [...playlistKeys.all, 'detail', id] as const,
};

export function usePlaylistList(query: PlaylistListQuery, enabled = true) {
  return useQuery({
    queryKey: playlistKeys.list(query),
    queryFn: ({ signal }) => call(playlistOperations.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One playlist with its items resolved; nothing is asked for id 0 (a new playlist). */
export function usePlaylist(id: number) {
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => call(playlistOperations.detail, { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** What a preview shows: a saved playlist, or the editor's playlist as it stands (unsaved). */
export type PreviewSource = { id: number } | { body: PlaylistRequest };

/** What a screen plays for this source, asked afresh each time a preview opens. */
export function usePlaylistProgram(source: PreviewSource | null) {
  return useQuery({
    queryKey: [...playlistKeys.all, 'program', source] as const,
    queryFn: ({ signal }) =>
      source && 'body' in source
        ? call(programOperations.playlistDraft, { body: source.body }, { signal, silent: true })
        : call(programOperations.playlist, { params: { id: source?.id ?? 0 } }, { signal, silent: true }),
    enabled: source !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

function usePlaylistsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: playlistKeys.all });
}

/** Creates a playlist (no id) or replaces one with everything in the body. */
export function useSavePlaylist() {
  const changed = usePlaylistsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlaylistRequest }) =>
      id
        ? call(playlistOperations.update, { params: { id }, body }, { silent: true })
        : call(playlistOperations.create, { body }, { silent: true }),
    onSuccess: changed,
  });
}

/** Deletes playlists; without `detach` those in use are refused (409001) with what uses them, silently. */
export function useDeletePlaylists() {
  const changed = usePlaylistsChanged();
  return useMutation({
    mutationFn: ({ ids, detach }: { ids: number[]; detach: boolean }) =>
      call(playlistOperations.deleteMany, { body: { ids, detach } }, { silent: !detach }),
    onSuccess: changed,
  });
}

export function useCopyPlaylist() {
  const changed = usePlaylistsChanged();
  return useMutation({
    mutationFn: (id: number) => call(playlistOperations.copy, { params: { id }, body: {} }),
    onSuccess: changed,
  });
}
