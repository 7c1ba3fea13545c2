import { useEffect, useRef } from 'react';

/** Runs a mailed link's single-use call once per code, even when StrictMode replays effects. */
export function useOneShot(code: string | null, run: (code: string) => void) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (code && done.current !== code) {
      done.current = code;
      run(code);
    }
  }, [code, run]);
}
