import type { PlayerState } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greet } from './session';
import { loadState, loadToken, saveToken } from './store';
import { STATE_DEFAULTS } from './testing';

const STATE: PlayerState = {
  signage_id: 'AB3K9Q',
  paired: false,
  pin: '123456',
  pin_expires_at: '2030-01-01T00:05:00.000Z',
  device_name: null,
  company_name: null,
  server_time: '2030-01-01T00:00:00.000Z',
  ...STATE_DEFAULTS,
};
const NEW_TOKEN = 'new-token-0123456789abcdef';

const envelope = (code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg: code === 220000 ? 'ok' : 'refused', data }));

let fetchMock: ReturnType<typeof vi.fn>;
const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body));

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('greet', () => {
  it('registers a new screen and keeps its token, not in the saved state', async () => {
    fetchMock.mockResolvedValueOnce(envelope(220000, { ...STATE, token: NEW_TOKEN }));
    const session = await greet({ language: 'en' });
    expect(session.token).toBe(NEW_TOKEN);
    expect(loadToken()).toBe(NEW_TOKEN);
    expect(loadState()).toEqual(STATE);
    expect(bodies()).toEqual([{ info: { language: 'en' } }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/backend/player/hello');
  });

  it('greets with the stored token', async () => {
    saveToken('old-token-0123456789abcdef');
    fetchMock.mockResolvedValueOnce(envelope(220000, { ...STATE, paired: true }));
    const session = await greet({});
    expect(session).toEqual({ token: 'old-token-0123456789abcdef', state: { ...STATE, paired: true } });
    expect(bodies()).toEqual([{ token: 'old-token-0123456789abcdef', info: {} }]);
  });

  it('forgets a refused token and registers anew', async () => {
    saveToken('old-token-0123456789abcdef');
    fetchMock
      .mockResolvedValueOnce(envelope(600003))
      .mockResolvedValueOnce(envelope(220000, { ...STATE, token: NEW_TOKEN }));
    const session = await greet({});
    expect(session.token).toBe(NEW_TOKEN);
    expect(loadToken()).toBe(NEW_TOKEN);
    expect(bodies()).toEqual([{ token: 'old-token-0123456789abcdef', info: {} }, { info: {} }]);
  });

  it('keeps the token when the server is busy or failing', async () => {
    saveToken('old-token-0123456789abcdef');
    fetchMock.mockResolvedValueOnce(envelope(500001));
    await expect(greet({})).rejects.toMatchObject({ code: 500001 });
    fetchMock.mockResolvedValueOnce(envelope(429001));
    await expect(greet({})).rejects.toMatchObject({ code: 429001 });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(greet({})).rejects.toMatchObject({ code: 500001 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(greet({})).rejects.toThrow(TypeError);
    expect(loadToken()).toBe('old-token-0123456789abcdef');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
