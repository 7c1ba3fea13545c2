import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OtaPackageEditRequest,
  type OtaPackageItem,
  type OtaPackageListQuery,
  otaOperations as ops,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { type SendProgress, sendFile } from '../../lib/upload/send';

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
export type PackageProgress = SendProgress;

/**
 * Sends the file through the upload queue (hashed, in parts, retried) to the package routes, then
 * creates the package with the fields: the server checks the MD5 there. Rejects with the server's
 * message (an Error) when refused.
 */
export const uploadPackage = (
  file: File,
  fields: PackageFields,
  onProgress: (progress: PackageProgress) => void,
): Promise<OtaPackageItem> =>
  sendFile(
    file,
    {
      init: ({ hash, size, name }, signal) =>
        call(ops.packageUploadInit, { body: { hash, size, name } }, { signal, silent: true }),
      sendPart: (uploadId, index, bytes, signal) =>
        call(
          ops.packageUploadPart,
          { query: { upload_id: uploadId, index } },
          { bytes, signal, silent: true },
        ),
      finish: (uploadId, signal) =>
        call(ops.packageCreate, { body: { ...fields, upload_id: uploadId } }, { signal, silent: true }),
    },
    onProgress,
  );
