import { useCallback, useRef, useState } from 'react';

// One server call a page starts and shows the state of: pending, done, failed. The public pages
// use it instead of the query cache, which stays out of the login page's download.

type Callbacks<R> = {
  onSuccess?: (data: R) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
};

type State<V, R> =
  | { status: 'idle'; variables: undefined; data: undefined; error: null }
  | { status: 'pending' | 'success' | 'error'; variables: V; data: R | undefined; error: unknown };

const IDLE = { status: 'idle', variables: undefined, data: undefined, error: null } as const;

export type Action<V, R> = State<V, R> & {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  /** Starts the call; a later call replaces it, and the answer of the earlier one is dropped. */
  mutate: (variables: V, callbacks?: Callbacks<R>) => void;
  /** Makes the last call again, with its variables and callbacks, if there was one. */
  refresh: () => void;
};

export function useAction<V, R>(call: (variables: V) => Promise<R>): Action<V, R> {
  const [state, setState] = useState<State<V, R>>(IDLE);
  const latest = useRef(0);
  const lastCall = useRef<{ variables: V; callbacks: Callbacks<R> } | null>(null);
  const callRef = useRef(call);
  callRef.current = call;

  const mutate = useCallback((variables: V, callbacks: Callbacks<R> = {}) => {
    const id = ++latest.current;
    lastCall.current = { variables, callbacks };
    setState({ status: 'pending', variables, data: undefined, error: null });
    callRef.current(variables).then(
      (data) => {
        if (id !== latest.current) return;
        setState({ status: 'success', variables, data, error: null });
        callbacks.onSuccess?.(data);
        callbacks.onSettled?.();
      },
      (error: unknown) => {
        if (id !== latest.current) return;
        setState({ status: 'error', variables, data: undefined, error });
        callbacks.onError?.(error);
        callbacks.onSettled?.();
      },
    );
  }, []);

  const refresh = useCallback(() => {
    if (lastCall.current) mutate(lastCall.current.variables, lastCall.current.callbacks);
  }, [mutate]);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    mutate,
    refresh,
  };
}
