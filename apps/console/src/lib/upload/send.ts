import { UploadStatus } from '@vitrine/contract';
import { getSession } from '../session';
import { createUploadQueue } from './queue';
import { unkeptStore } from './store';
import type { UploadTransport } from './transport';

// One file sent through the upload queue (hashed, in parts, retried) to an area's own upload
// calls, for what is not library content (an OTA package, a startup video or logo): the area's
// finish call makes what the file is for once every part is there.

/** Where a file's upload stands: hashing and sending, as a percentage. */
export type SendProgress = { hashing: boolean; progress: number };

/** An area's init and part calls, and its call that makes the item from the finished upload. */
export type SendCalls<T extends { id: number }> = Pick<UploadTransport, 'init' | 'sendPart'> & {
  finish: (uploadId: string, signal: AbortSignal) => Promise<T>;
};

/** Sends `file` through `calls`; resolves with what finish made, rejects with the server's message (an Error). */
export function sendFile<T extends { id: number }>(
  file: File,
  calls: SendCalls<T>,
  onProgress: (progress: SendProgress) => void,
): Promise<T> {
  let made: T | null = null;
  const transport: UploadTransport = {
    // The server resumes this user's unfinished upload of the same bytes at init.
    check: async () => ({ content_id: null, upload_id: null, parts: [] }),
    init: calls.init,
    sendPart: calls.sendPart,
    finish: async (uploadId, signal) => {
      made = await calls.finish(uploadId, signal);
      return made;
    },
  };
  return new Promise((resolve, reject) => {
    const queue = createUploadQueue({
      transport,
      hash: async (blob, onBytes, signal) => (await import('./hash')).hashFile(blob, onBytes, signal),
      store: unkeptStore,
      userId: () => getSession().user?.user_id ?? null,
      limit: 1,
      onSuccess: () => {},
    });
    const stop = queue.subscribe(() => {
      const [entry] = queue.getSnapshot();
      if (!entry) return;
      onProgress({ hashing: entry.hashing, progress: entry.progress });
      if (entry.status === UploadStatus.success && made) {
        stop();
        resolve(made);
      } else if (entry.status === UploadStatus.error) {
        stop();
        reject(new Error(entry.error ?? file.name));
      }
    });
    queue.add([{ file }]);
  });
}
