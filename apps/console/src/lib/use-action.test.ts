import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action';

/** A call whose answers the test hands out one by one. */
function deferredCall() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const call = vi.fn(
    (_input: string) =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { call, pending };
}

describe('useAction', () => {
  it('goes from idle to pending to success and calls back with the answer', async () => {
    const { call, pending } = deferredCall();
    const { result } = renderHook(() => useAction(call));
    expect(result.current.isIdle).toBe(true);
    const onSuccess = vi.fn();
    act(() => result.current.mutate('a', { onSuccess }));
    expect(result.current.isPending).toBe(true);
    expect(result.current.variables).toBe('a');
    await act(async () => pending[0].resolve('answer'));
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBe('answer');
    expect(onSuccess).toHaveBeenCalledWith('answer');
  });

  it('keeps the error of a failed call and settles', async () => {
    const { call, pending } = deferredCall();
    const { result } = renderHook(() => useAction(call));
    const onError = vi.fn();
    const onSettled = vi.fn();
    act(() => result.current.mutate('a', { onError, onSettled }));
    const failure = new Error('refused');
    await act(async () => pending[0].reject(failure));
    expect(result.current.error).toBe(failure);
    expect(result.current.isPending).toBe(false);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onSettled).toHaveBeenCalledOnce();
  });

  it('drops the answer of a call that a later one replaced', async () => {
    const { call, pending } = deferredCall();
    const { result } = renderHook(() => useAction(call));
    const first = vi.fn();
    act(() => result.current.mutate('old', { onSuccess: first }));
    act(() => result.current.mutate('new'));
    await act(async () => pending[0].resolve('stale'));
    expect(first).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);
    await act(async () => pending[1].resolve('fresh'));
    expect(result.current.data).toBe('fresh');
    expect(result.current.variables).toBe('new');
  });

  it('makes the last call again on refresh, callbacks included, and nothing before a first call', async () => {
    const { call, pending } = deferredCall();
    const { result } = renderHook(() => useAction(call));
    act(() => result.current.refresh());
    expect(call).not.toHaveBeenCalled();
    const onSuccess = vi.fn();
    act(() => result.current.mutate('ada@example.com', { onSuccess }));
    await act(async () => pending[0].resolve('locked'));
    act(() => result.current.refresh());
    await waitFor(() => expect(call).toHaveBeenLastCalledWith('ada@example.com'));
    expect(call).toHaveBeenCalledTimes(2);
    await act(async () => pending[1].resolve('unlocked'));
    expect(onSuccess).toHaveBeenLastCalledWith('unlocked');
  });
});
