import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { useStorageInfo } from '../api';
import { uploads, useUploads } from '../uploads';

const UploadPanel = lazy(() => import('./UploadPanel').then((module) => ({ default: module.UploadPanel })));

/** Mounted once by the signed-in layout: storage info, the queue left by a reload, and the panel. */
export function UploadHost() {
  useStorageInfo();
  const userId = useSession().user?.user_id;
  useEffect(() => {
    if (userId !== undefined) void uploads.restore();
  }, [userId]);
  const entries = useUploads();
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel entries={entries} actions={uploads} />
    </Suspense>
  );
}
