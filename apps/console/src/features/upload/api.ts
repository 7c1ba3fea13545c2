import { useQuery } from '@tanstack/react-query';
import { NO_STORAGE_INFO_ROLES, uploadOperations } from '@vitrine/contract';
import { useEffect } from 'react';
import { call } from '../../lib/call';
import { hasRole } from '../../lib/permissions';
import { setOssAvailableSize, useSession } from '../../lib/session';

// Storage info (spec 000 §4): fetched after load and again whenever the page becomes visible,
// except for the platform and customer roles, which hold no content; its oss_available_size
// goes into the session, where the upload checks read it. Uploads refresh it on success.
export const storageKeys = { all: ['storage'] as const };

export function useStorageInfo() {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: storageKeys.all,
    queryFn: ({ signal }) => call(uploadOperations.storage, {}, { signal }),
    enabled: token !== null && user !== null && !hasRole(user.role_id, NO_STORAGE_INFO_ROLES),
    // TanStack Query's focus manager follows the page's visibilitychange.
    refetchOnWindowFocus: true,
  });
  const available = query.data?.oss_available_size;
  useEffect(() => {
    if (available !== undefined) setOssAvailableSize(available);
  }, [available]);
  return query;
}
