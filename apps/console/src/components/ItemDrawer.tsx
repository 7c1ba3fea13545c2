import { useState } from 'react';

/** What a drawer that adds or changes one item is given: no item adds one. */
export type ItemDrawerProps<T> = { open: boolean; item: T | null; onClose: () => void };

/**
 * A list page's add/edit drawer: `add()` opens it empty, `edit(item)` on the item; `props` go to
 * the drawer.
 */
export function useItemDrawer<T>() {
  const [opened, setOpened] = useState<{ item: T | null } | null>(null);
  const props: ItemDrawerProps<T> = {
    open: opened !== null,
    item: opened?.item ?? null,
    onClose: () => setOpened(null),
  };
  return { add: () => setOpened({ item: null }), edit: (item: T) => setOpened({ item }), props };
}
