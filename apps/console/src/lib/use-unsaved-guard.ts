import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

// The console's router is a BrowserRouter, where react-router's useBlocker does not work (it needs
// a data router). Every in-app navigation (menu, tabs, links, the back button of the top bar, code)
// goes through the router's navigator, so while a form holds unsaved changes its push, replace and
// go ask first. Reloading or closing the tab gets the browser's own question (beforeunload).

type History = {
  push: (...args: unknown[]) => void;
  replace: (...args: unknown[]) => void;
  go: (...args: unknown[]) => void;
};
const GUARDED = ['push', 'replace', 'go'] as const;

/**
 * While `dirty`, leaving the page calls `ask(leave)`: the caller confirms, then calls `leave()`
 * to go where the user was going. Navigating on purpose (after a save) needs `dirty` false first.
 */
export function useUnsavedGuard(dirty: boolean, ask: (leave: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const askRef = useRef(ask);
  askRef.current = ask;

  useEffect(() => {
    if (!dirty) return;
    const history = navigator as unknown as History;
    const original = { push: history.push, replace: history.replace, go: history.go };
    const restore = () => Object.assign(history, original);
    for (const name of GUARDED) {
      history[name] = (...args: unknown[]) =>
        askRef.current(() => {
          restore();
          original[name].apply(history, args);
        });
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      restore();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, navigator]);
}
