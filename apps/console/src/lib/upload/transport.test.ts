import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpTransport } from './transport';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(data: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ code: 220000, msg: 'Success', data }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('httpTransport', () => {
  it('sends a part as raw bytes, named by the query', async () => {
    const fetchMock = serve({ index: 3, received: 4 });
    const bytes = new Blob([new Uint8Array([1, 2, 3, 4])]);
    await httpTransport.sendPart(
      '6f1c2a7e-0000-4000-8000-000000000001',
      3,
      bytes,
      new AbortController().signal,
    );
    const [input, init] = fetchMock.mock.calls[0];
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/backend/manager/common/slice-upload');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      upload_id: '6f1c2a7e-0000-4000-8000-000000000001',
      index: '3',
    });
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/octet-stream');
    expect(init?.body).toBe(bytes);
  });

  it('sends the other calls as JSON', async () => {
    const fetchMock = serve({ content_id: null, upload_id: null, parts: [] });
    const body = { hash: 'a'.repeat(64), size: 10 };
    expect(await httpTransport.check(body, new AbortController().signal)).toEqual({
      content_id: null,
      upload_id: null,
      parts: [],
    });
    const [input, init] = fetchMock.mock.calls[0];
    expect(String(input)).toBe('/backend/manager/common/slice-upload-check');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });
});
