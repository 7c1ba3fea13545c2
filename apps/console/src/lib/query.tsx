import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentLanguage, subscribeLanguage } from './i18n';
import { getSession, subscribeSession } from './session';

// The query cache of the signed-in console. It loads with the shell, after login: the public
// pages call the server directly and do not download it.
export const queryClient = new QueryClient({
  // Failures already reached the user through the HTTP client's notice; retrying repeats it.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// Nothing cached for one user may show for the next one on the same browser.
subscribeSession(() => {
  if (!getSession().token) queryClient.clear();
});
// Server texts (messages, labels) come in the new language.
let cachedLanguage = currentLanguage();
subscribeLanguage(() => {
  if (currentLanguage() === cachedLanguage) return;
  cachedLanguage = currentLanguage();
  void queryClient.invalidateQueries();
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
