import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OtaPackageEditRequest,
  type OtaPackageItem,
  type OtaPackageListQuery,
  otaOperations as ops,
  UploadStatus,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { getSession } from '../../lib/session';
import { createUploadQueue } from '../../lib/upload/queue';
import { unkeptStore } from '../../lib/upload/store';
import type { UploadTransport } from '../../lib/upload/transport';

// OTA packages (/manager/ota/package, the /ota/package page): the list, edits and deletes, and
// the upload of a new package through the console's upload queue.

export const otaKeys = {
  all: ['ota'] as const,
  packages: (query: OtaPackageListQuery) => [...otaKeys.all, 'package', query] as const,
};

export function usePackageList(query: OtaPackageListQuery) {
  return useQuery({
    queryKey: otaKeys.packages(query),
    queryFn: ({ signal }) => call(ops.packageList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeletePackages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.packageDeleteMany, { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: otaKeys.all }),
  });
}

/** Changes a package's description and models; the drawer shows a refusal, so the call is silent. */
export function useEditPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OtaPackageEditRequest }) =>
      call(ops.packageEdit, { params: { id }, body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: otaKeys.all }),
  });
}

/** What the operator says of a new package besides its file. */
export type PackageFields = {
  version: string;
  md5: string;
  description: string;
  model_ids: number[];
};

/** Where a package's upload stands: hashing and sending, as a percentage. */
export type PackageProgress = { hashing: boolean; progress: number };

/**
 * Sends the file through the upload queue (hashed, in parts, retried) to the package routes, then
 * creates the package with the fields: the server checks the MD5 there. Rejects with the server's
 * message (an Error) when refused.
 */
export function uploadPackage(
  file: File,
  fields: PackageFields,
  onProgress: (progress: PackageProgress) => void,
): Promise<OtaPackageItem> {
  let created: OtaPackageItem | null = null;
  const transport: UploadTransport = {
    // The server resumes this user's unfinished upload of the same bytes at init.
    check: async () => ({ content_id: null, upload_id: null, parts: [] }),
    init: ({ hash, size, name }, signal) =>
      call(ops.packageUploadInit, { body: { hash, size, name } }, { signal, silent: true }),
    sendPart: (uploadId, index, bytes, signal) =>
      call(ops.packageUploadPart, { query: { upload_id: uploadId, index } }, { bytes, signal, silent: true }),
    finish: async (uploadId, signal) => {
      created = await call(
        ops.packageCreate,
        { body: { ...fields, upload_id: uploadId } },
        { signal, silent: true },
      );
      return created;
    },
  };
  return new Promise((resolve, reject) => {
    const queue = createUploadQueue({
      transport,
      hash: async (blob, onBytes, signal) =>
        (await import('../../lib/upload/hash')).hashFile(blob, onBytes, signal),
      store: unkeptStore,
      userId: () => getSession().user?.user_id ?? null,
      limit: 1,
      onSuccess: () => {},
    });
    const stop = queue.subscribe(() => {
      const [entry] = queue.getSnapshot();
      if (!entry) return;
      onProgress({ hashing: entry.hashing, progress: entry.progress });
      if (entry.status === UploadStatus.success && created) {
        stop();
        resolve(created);
      } else if (entry.status === UploadStatus.error) {
        stop();
        reject(new Error(entry.error ?? file.name));
      }
    });
    queue.add([{ file }]);
  });
}
