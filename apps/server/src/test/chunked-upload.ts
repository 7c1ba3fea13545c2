import { ResultCode, UPLOAD_CHUNK_SIZE } from '@vitrine/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sha256 } from './media-files';

// The chunked upload of an area whose files are not library content (OTA packages, startup media):
// its own slice-upload-init and slice-upload under `base`, the parts sent in order.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Sends the whole file through `base`/slice-upload-init and `base`/slice-upload; answers the upload's id. */
export async function sentThrough(call: Call, base: string, bytes: Buffer, name: string): Promise<string> {
  const response = await call({
    method: 'POST',
    url: `${base}/slice-upload-init`,
    payload: { hash: sha256(bytes), size: bytes.length, name },
  });
  const started = response.json();
  expect(started.code, response.body).toBe(ResultCode.success);
  for (let index = 0; index < started.data.part_count; index++) {
    const part = await call({
      method: 'POST',
      url: `${base}/slice-upload?upload_id=${started.data.upload_id}&index=${index}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE),
    });
    expect(part.json().code, part.body).toBe(ResultCode.success);
  }
  return started.data.upload_id as string;
}
