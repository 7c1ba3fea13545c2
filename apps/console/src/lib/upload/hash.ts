import { createSHA256 } from 'hash-wasm';

// A file's SHA-256 read slice by slice, so that a 1 GB video never sits in memory at once.
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/** Lowercase hex SHA-256 of `file`; `onProgress` gets the bytes read so far after each slice. */
export async function hashFile(
  file: Blob,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
  sliceBytes = HASH_SLICE_BYTES,
): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < file.size; start += sliceBytes) {
    signal.throwIfAborted();
    const end = Math.min(start + sliceBytes, file.size);
    hasher.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    onProgress(end);
  }
  signal.throwIfAborted();
  return hasher.digest('hex');
}
