import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { initI18n, loadContractAreas } from '../lib/i18n';

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
