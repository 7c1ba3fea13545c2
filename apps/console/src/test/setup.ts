import { cleanup } from '@testing-library/react';
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
