import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  videoWallContentOperations as contentOps,
  videoWallOperations as ops,
  type VideoWallContentDeleteRequest,
  type VideoWallContentListQuery,
  type VideoWallContentRequest,
  type VideoWallListQuery,
  type VideoWallRequest,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// Video walls (/manager/video-wall) and wall content (/manager/video-wall-content). Forms show
// their failures inline, so their writes are silent.

export const videoWallKeys = {
  all: ['video-wall'] as const,
  list: (query: VideoWallListQuery) => [...videoWallKeys.all, 'list', query] as const,
  detail: (id: number) => [...videoWallKeys.all, 'detail', id] as const,
  devices: (groupId: number | undefined) => [...videoWallKeys.all, 'devices', groupId ?? null] as const,
  content: (query: VideoWallContentListQuery) => [...videoWallKeys.all, 'content', query] as const,
  choices: (query: VideoWallListQuery) => [...videoWallKeys.all, 'choices', query] as const,
};

export function useWallList(query: VideoWallListQuery) {
  return useQuery({
    queryKey: videoWallKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A wall to edit; none for a new one (id 0). */
export function useWall(id: number) {
  return useQuery({
    queryKey: videoWallKeys.detail(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** The paired screens of the wall's workspace (the active one for a new wall). */
export function useWallDevices(groupId: number | undefined) {
  return useQuery({
    queryKey: videoWallKeys.devices(groupId),
    queryFn: ({ signal }) =>
      call(ops.devices, { query: groupId === undefined ? {} : { group_id: groupId } }, { signal }),
  });
}

function useWallsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: videoWallKeys.all });
}

/** Adds a wall (no id) or changes one. */
export function useSaveWall() {
  const changed = useWallsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: VideoWallRequest }) =>
      id === undefined
        ? call(ops.create, { body }, { silent: true })
        : call(ops.edit, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteWalls() {
  const changed = useWallsChanged();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.deleteMany, { body: { ids } }),
    onSuccess: changed,
  });
}

export function useWallContentList(query: VideoWallContentListQuery) {
  return useQuery({
    queryKey: videoWallKeys.content(query),
    queryFn: ({ signal }) => call(contentOps.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The walls wall content may be laid out on (for holders of res:videowall:list). */
export function useWallChoices(query: VideoWallListQuery) {
  return useQuery({
    queryKey: videoWallKeys.choices(query),
    queryFn: ({ signal }) => call(contentOps.walls, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds wall content (no id) or changes it. */
export function useSaveWallContent() {
  const changed = useWallsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: VideoWallContentRequest }) =>
      id === undefined
        ? call(contentOps.create, { body }, { silent: true })
        : call(contentOps.edit, { params: { id }, body }, { silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteWallContents() {
  const changed = useWallsChanged();
  return useMutation({
    // The first try is silent: content in use is answered with the offer to detach it, not a notice.
    mutationFn: (body: VideoWallContentDeleteRequest) =>
      call(contentOps.deleteMany, { body }, { silent: !body.detach }),
    onSuccess: changed,
  });
}
