import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startupOperations as ops,
  type StartupKind,
  type StartupMedia,
  type StartupSetting,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { type SendProgress, sendFile } from '../../lib/upload/send';

// Startup media (/manager/startup and /manager/device-model/:id/startup): the video and the logo a
// company's screens, or a model's, show while they start. A file goes through the area's own
// chunked upload; the server checks it when it is set and answers the rule it breaks.

/** Whose startup media: the caller's company's, or a device model's. */
export type StartupOwner = { company: true } | { modelId: number };

export const startupKeys = {
  all: ['startup'] as const,
  of: (owner: StartupOwner) =>
    [...startupKeys.all, 'company' in owner ? 'company' : `model-${owner.modelId}`] as const,
};

/** PUT of one kind for the owner: a finished upload, or null to clear it. */
const setStartup = (owner: StartupOwner, kind: StartupKind, uploadId: string | null, signal?: AbortSignal) =>
  'company' in owner
    ? call(ops.companySet, { body: { kind, upload_id: uploadId } }, { signal, silent: true })
    : call(
        ops.modelSet,
        { params: { id: owner.modelId }, body: { kind, upload_id: uploadId } },
        { signal, silent: true },
      );

export function useStartup(owner: StartupOwner) {
  return useQuery({
    queryKey: startupKeys.of(owner),
    queryFn: ({ signal }): Promise<StartupSetting> =>
      'company' in owner
        ? call(ops.company, {}, { signal })
        : call(ops.model, { params: { id: owner.modelId } }, { signal }),
  });
}

export type { SendProgress };

/**
 * Sends the file through the startup upload, then sets it as the owner's `kind`; rejects with the
 * server's message (the rule the file breaks) when refused.
 */
export const sendStartupFile = (
  owner: StartupOwner,
  kind: StartupKind,
  file: File,
  onProgress: (progress: SendProgress) => void,
): Promise<StartupMedia> =>
  sendFile(
    file,
    {
      init: ({ hash, size, name }, signal) =>
        call(ops.uploadInit, { body: { hash, size, name } }, { signal, silent: true }),
      sendPart: (uploadId, index, bytes, signal) =>
        call(ops.uploadPart, { query: { upload_id: uploadId, index } }, { bytes, signal, silent: true }),
      finish: async (uploadId, signal) => {
        const setting = await setStartup(owner, kind, uploadId, signal);
        return setting[kind] as StartupMedia;
      },
    },
    onProgress,
  );

/** Removes the owner's `kind` (its screens start without it, or with the company's). */
export function useClearStartup(owner: StartupOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: StartupKind) => setStartup(owner, kind, null),
    onSuccess: (setting) => queryClient.setQueryData(startupKeys.of(owner), setting),
  });
}
