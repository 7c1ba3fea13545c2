import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { flushErrorReports } from '../lib/http';
import { currentLanguage, i18n, initI18n, loadContractAreas, setLanguage } from '../lib/i18n';
import { registerNavigator } from '../lib/navigation';
import { registerNotifier } from '../lib/notify';
import { getSession, signOut } from '../lib/session';

// happy-dom lacks a few browser APIs Ant Design reads.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// findBy… and waitFor wait up to 1 s by default: on a busy 2-core machine a form's validation and
// render after a click can take longer, and the test failed though the page was right.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await initI18n();
  await loadContractAreas(); // pages render here without the signed-in shell, which loads them
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

const startUrl = window.location.href;
// The console's files share a worker's modules and document (isolate: false in vitest.config.ts):
// each file leaves them as a fresh one would find them.
afterAll(async () => {
  vi.useRealTimers();
  // The HTTP client reports this file's failed requests 5 s later, in one call: send them now, to
  // a fetch that takes them, not through the next file's (a shell test counted that call).
  vi.stubGlobal('fetch', async () => new Response('{}'));
  await flushErrorReports();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Notices raised while no notifier listened wait for the next one: they were this file's.
  registerNotifier({ open: () => {} });
  registerNotifier(null);
  registerNavigator(null);
  if (getSession().token) signOut(); // also empties the shell's query cache
  if (currentLanguage() !== 'en') await setLanguage('en');
  await i18n.changeLanguage('en');
  dayjs.locale('en'); // weekday and month names a page formats come from dayjs's global locale
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', startUrl);
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
});
