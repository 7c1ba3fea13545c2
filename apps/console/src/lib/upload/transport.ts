import type {
  ContentItem,
  SliceCheck,
  SliceCheckRequest,
  SliceInit,
  SliceInitRequest,
} from '@vitrine/contract';
import { request } from '../http';

// The chunked upload's calls (spec 000 §7, under /backend/manager/common). They are silent: a
// failure shows on the file's row in the upload panel, and a part is retried before that.
export type UploadTransport = {
  check: (body: SliceCheckRequest, signal: AbortSignal) => Promise<SliceCheck>;
  init: (body: SliceInitRequest, signal: AbortSignal) => Promise<SliceInit>;
  sendPart: (uploadId: string, index: number, bytes: Blob, signal: AbortSignal) => Promise<unknown>;
  /** Makes what the upload was for (library content, an OTA package): its id. */
  finish: (uploadId: string, signal: AbortSignal) => Promise<{ id: number }>;
};

const BASE = '/manager/common';

export const httpTransport: UploadTransport = {
  check: (body, signal) => request('POST', `${BASE}/slice-upload-check`, { body, signal, silent: true }),
  init: (body, signal) => request('POST', `${BASE}/slice-upload-init`, { body, signal, silent: true }),
  sendPart: (uploadId, index, bytes, signal) =>
    request('POST', `${BASE}/slice-upload`, {
      query: { upload_id: uploadId, index },
      body: bytes,
      signal,
      silent: true,
    }),
  finish: (uploadId, signal): Promise<ContentItem> =>
    request('POST', `${BASE}/slice-upload-finish`, { body: { upload_id: uploadId }, signal, silent: true }),
};
