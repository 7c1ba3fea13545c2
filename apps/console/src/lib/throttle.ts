import { BUTTON_CLICK_THROTTLE_MS } from '@vitrine/contract';
import { useCallback, useRef } from 'react';

/** A click handler that ignores repeated clicks within 1000 ms (spec 000 §9). */
export function useThrottledClick<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
  const last = useRef(0);
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback((...args: A) => {
    const now = Date.now();
    if (now - last.current < BUTTON_CLICK_THROTTLE_MS) return;
    last.current = now;
    latest.current(...args);
  }, []);
}
