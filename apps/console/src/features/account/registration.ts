import { useEffect, useState } from 'react';
import { publicCalls } from './public-calls';

/**
 * Whether registration is open: null until the server said (or when it could not: the register
 * call is refused by the server anyway when closed), so a link is hidden only when known closed.
 */
export function useRegistrationOpen(): boolean | null {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    publicCalls.registration().then(
      (state) => current && setOpen(state.open),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return open;
}
