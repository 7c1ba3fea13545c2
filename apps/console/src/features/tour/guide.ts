import { type QueryClient, useQuery } from '@tanstack/react-query';
import { contentOperations, preferenceOperations as own, type UserGuide } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';
import { call } from '../../lib/call';
import { STORAGE_KEYS } from '../../lib/session';
import { contentKeys } from '../content/api';
import { NOTHING_DONE } from './tour-logic';

// The tour's progress: the server keeps the three flags (GET/POST /manager/sys/guide); the
// browser keeps, under the key 'guide' (cleared on sign-out, spec 000 §4), whether the user asked
// for the tour again from the top bar, which makes it run even after more than one login.
export const guideKey = ['guide'] as const;

type LocalGuide = { reset?: boolean };

function readLocal(): LocalGuide {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.guide) ?? '{}') as LocalGuide;
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
// Read from storage each time: sign-out removes the key behind this module's back.
const resetRequested = () => readLocal().reset === true;

function setResetRequested(value: boolean): void {
  if (value) localStorage.setItem(STORAGE_KEYS.guide, JSON.stringify({ reset: true }));
  else localStorage.removeItem(STORAGE_KEYS.guide);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useResetRequested = () => useSyncExternalStore(subscribe, resetRequested, resetRequested);

/** The saved progress; silent: without it the tour simply does not start. */
export function useGuide(enabled: boolean) {
  return useQuery({
    queryKey: guideKey,
    queryFn: ({ signal }) =>
      call(own.guide, {}, { silent: true, signal }).then((guide) => guide.user_guide.value),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whether the library holds content of this type (null: nothing asked). Kept under the content
 * lists' key, so a finished upload (which refreshes them) answers it anew.
 */
export function useHasContent(type: number | null) {
  const query = { type: type ?? 0, page: 1, page_size: 1 };
  const list = useQuery({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => call(contentOperations.list, { query }, { signal, silent: true }),
    enabled: type !== null,
  });
  return (list.data?.total ?? 0) > 0;
}

/** Saves the progress (shown at once; a failure leaves it shown, the next save carries it). */
export async function saveGuide(client: QueryClient, progress: UserGuide): Promise<void> {
  client.setQueryData(guideKey, progress);
  if (progress.device && progress.content && progress.schedule) setResetRequested(false);
  await call(own.saveGuide, { body: { user_guide: progress } }, { silent: true }).catch(() => undefined);
}

/** The top bar's tour icon: every flag false again, and the tour runs whatever the login count. */
export async function requestTourReset(client: QueryClient): Promise<void> {
  setResetRequested(true);
  await saveGuide(client, NOTHING_DONE);
}
