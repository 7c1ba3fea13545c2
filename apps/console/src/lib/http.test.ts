import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResult } from '../test/fixtures';
import { ApiError, flushErrorReports, http, NETWORK_ERROR_CODE, request } from './http';
import { registerNotifier } from './notify';
import { getSession, getToken, reloadSession, signIn } from './session';

type Call = { url: string; init: RequestInit };
let calls: Call[];
const notices: { title?: unknown; description?: unknown; duration?: unknown }[] = [];

function reply(body: unknown, init: ResponseInit = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function serve(...responses: (Response | Error | 'hang')[]) {
  calls = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = queue.shift() ?? reply({ code: 220000, msg: 'ok', data: null });
      if (next === 'hang') {
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    }),
  );
}

const headerOf = (call: Call, name: string) => new Headers(call.init.headers).get(name);

beforeEach(async () => {
  reloadSession();
  notices.length = 0;
  registerNotifier({ open: (args) => notices.push(args) });
  serve();
  await flushErrorReports();
  calls = [];
});

afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HTTP client', () => {
  it('resolves to the data of a 220000 envelope', async () => {
    serve(reply({ code: 220000, msg: 'Success', data: { result: true } }));
    await expect(
      http.post('/manager/account/user-center/check-old-pwd', { old_password: 'x' }),
    ).resolves.toEqual({
      result: true,
    });
    expect(calls[0].url).toBe('/backend/manager/account/user-center/check-old-pwd');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe(JSON.stringify({ old_password: 'x' }));
    expect(notices).toHaveLength(0);
  });

  it('sends the standard headers, the token, and the workspace except on login', async () => {
    signIn(loginResult());
    serve();
    await http.get('/manager/sys/config/mine', { query: { page: 2, keyword: '', ids: [1, 2] } });
    await http.post('/account/login', { email: 'a@b.co' });
    const [mine, login] = calls;
    expect(mine.url).toBe('/backend/manager/sys/config/mine?page=2&ids=1&ids=2');
    expect(headerOf(mine, 'Authorization')).toBe('Bearer token-1');
    expect(headerOf(mine, 'Workspace-Id')).toBe('11');
    expect(headerOf(mine, 'Accept-Language')).toBe('en-us');
    expect(headerOf(mine, 'TimeZone-Gmt')).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
    expect(headerOf(mine, 'timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headerOf(login, 'Workspace-Id')).toBeNull();
  });

  it('shows "tips" with the server message and rejects with the code', async () => {
    serve(reply({ code: 401001, msg: 'Incorrect email or password.', data: null }, { status: 401 }));
    const error = await request('POST', '/account/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401001, message: 'Incorrect email or password.' });
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Tips', description: 'Incorrect email or password.', duration: 3 }),
    ]);
  });

  it('stays quiet when asked, but still rejects', async () => {
    serve(reply({ code: 404001, msg: 'Not found', data: null }, { status: 404 }));
    await expect(http.get('/x', { silent: true })).rejects.toMatchObject({ code: 404001 });
    expect(notices).toHaveLength(0);
  });

  it.each([600003, 600004])('logs out on %i', async (code) => {
    signIn(loginResult());
    serve(
      reply({ code, msg: 'Your session has expired. Please log in again.', data: null }, { status: 401 }),
    );
    await expect(http.get('/manager/account/user-center/info', { silent: true })).rejects.toMatchObject({
      code,
    });
    expect(getSession()).toMatchObject({ token: null, user: null, permissions: [] });
    expect(window.location.pathname).toBe('/login');
    expect(notices).toHaveLength(1);
  });

  it('stores a token renewed in the Authorization response header', async () => {
    signIn(loginResult());
    serve(reply({ code: 220000, msg: '', data: 1 }, { headers: { Authorization: 'Bearer renewed-2' } }));
    await http.get('/manager/sys/guide');
    expect(getToken()).toBe('renewed-2');
    expect(localStorage.getItem('token')).toBe('renewed-2');
  });

  it('tells a network failure from a server failure', async () => {
    serve(new TypeError('Failed to fetch'), reply('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/a')).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      message: 'The network seems unstable. Please refresh the page and try again later.',
    });
    await expect(http.get('/b')).rejects.toMatchObject({
      code: 502,
      message:
        'There was an issue communicating with the server, possibly due to network fluctuations. Please try again later.',
    });
    expect(notices).toHaveLength(2);
  });

  it('gives up after 30 s with the network message', async () => {
    vi.useFakeTimers();
    serve('hang');
    const pending = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(notices).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: NETWORK_ERROR_CODE });
  });

  it('is silent about a cancelled request and does not report it', async () => {
    serve('hang');
    const controller = new AbortController();
    const pending = http.get('/cancelled', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toHaveLength(0);
    serve();
    await flushErrorReports();
    expect(calls).toHaveLength(0);
  });

  it('reports failures in one batch, with secrets masked, and never reports the report call', async () => {
    signIn(loginResult());
    serve(
      reply({ code: 400001, msg: 'Invalid input', data: null }, { status: 400 }),
      reply({ code: 404001, msg: 'Not found', data: null }, { status: 404 }),
    );
    await http
      .post('/account/reset/abc', { password: 'Secret#1', confirm_password: 'Secret#1' })
      .catch(() => {});
    await http.get('/manager/thing', { query: { id: 4 } }).catch(() => {});

    serve(reply({ code: 500001, msg: 'down', data: null }, { status: 500 }));
    await flushErrorReports();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/backend/manager/error-report');
    const records = JSON.parse(String(calls[0].init.body));
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      uid: 7,
      url: '/backend/account/reset/abc',
      method: 'POST',
      qs: '',
      code: 400001,
      msg: 'Invalid input',
    });
    expect(records[0].body).not.toContain('Secret#1');
    expect(records[1]).toMatchObject({ url: '/backend/manager/thing', qs: 'id=4', code: 404001 });
    expect(Object.keys(records[0]).sort()).toEqual([
      'body',
      'code',
      'method',
      'msg',
      'qs',
      'time',
      'tz',
      'uid',
      'url',
    ]);
    // The report call failed: it is neither shown nor queued again.
    expect(notices).toHaveLength(2);
    serve();
    await flushErrorReports();
    expect(calls).toHaveLength(0);
  });
});
