import { useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query';
import { getSession, subscribeSession } from '../../lib/session';
import { createUploadQueue, type UploadEntry } from '../../lib/upload/queue';
import { createUploadStore, idbKeyValue } from '../../lib/upload/store';
import { httpTransport } from '../../lib/upload/transport';
import { storageKeys } from './api';

// The console's one upload queue: files keep going while the operator moves between pages,
// resume after a reload, and are forgotten at sign-out.
export const uploads = createUploadQueue({
  transport: httpTransport,
  // hash-wasm loads with the first file to hash, not with the shell.
  hash: async (file, onProgress, signal) =>
    (await import('../../lib/upload/hash')).hashFile(file, onProgress, signal),
  store: createUploadStore(idbKeyValue()),
  userId: () => getSession().user?.user_id ?? null,
  onSuccess: () => {
    void queryClient.invalidateQueries({ queryKey: ['content'] });
    void queryClient.invalidateQueries({ queryKey: storageKeys.all });
  },
});

// Signing out (here or in another tab), or another user signing in, ends this user's queue.
let owner = getSession().user?.user_id ?? null;
subscribeSession(() => {
  const next = getSession().user?.user_id ?? null;
  if (owner !== null && next !== owner) void uploads.reset();
  owner = next;
});

export function useUploads(): readonly UploadEntry[] {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);
}
