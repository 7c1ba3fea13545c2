import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session';
import { mockApi, ok } from '../../test/render';
import { signInAs } from '../../test/team';
import { storageKeys, useStorageInfo } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useStorageInfo(), { wrapper }) };
}

const storage = (available: number) =>
  ok({ total_size: 1000, used_size: 1000 - available, oss_available_size: available, licensed_devices: 0 });

describe('useStorageInfo', () => {
  it('puts the available space into the session, and asks again when the page becomes visible', async () => {
    signInAs(Role.owner, ['dashboard:data']);
    let available = 700;
    const api = mockApi({ 'GET /manager/sys/storage': () => storage(available) });
    const { client } = render();
    await waitFor(() => expect(getSession().ossAvailableSize).toBe(700));

    available = 300;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(getSession().ossAvailableSize).toBe(300));
    expect(api.callsTo('GET /manager/sys/storage')).toHaveLength(2);

    // What the upload queue does after each success.
    available = 0;
    await act(() => client.invalidateQueries({ queryKey: storageKeys.all }));
    await waitFor(() => expect(getSession().ossAvailableSize).toBe(0));
  });

  it.each([Role.system, Role.systemOperator, Role.customer])('does not ask for role %i', async (role) => {
    signInAs(role, ['dashboard:data']);
    const api = mockApi({ 'GET /manager/sys/storage': () => storage(1) });
    const { result } = render();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(api.calls).toEqual([]);
  });
});
