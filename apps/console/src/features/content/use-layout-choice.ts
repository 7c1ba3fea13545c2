import { useState } from 'react';
import { type LibraryView, VIEW_STORAGE_KEY } from './library';

/** Grid or list, remembered in the browser for every library page. */
export function useLayoutChoice(): [LibraryView, (layout: LibraryView) => void] {
  const [layout, setLayout] = useState<LibraryView>(() =>
    localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid',
  );
  const choose = (next: LibraryView) => {
    localStorage.setItem(VIEW_STORAGE_KEY, next);
    setLayout(next);
  };
  return [layout, choose];
}
