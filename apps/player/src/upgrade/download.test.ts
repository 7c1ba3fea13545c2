import { OTA_DOWNLOAD_RETRY_SECONDS } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_RESUMES, downloadPackage } from './download';

const URL = '/backend/player/ota/package/7';
const FILE = Uint8Array.from({ length: 10 }, (_, i) => i);
const ETAG = 'W/"a-1"';

/** A body that gives `bytes`, then breaks (the network dropped) when `breaks` is set. */
function body(bytes: Uint8Array, breaks = false) {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes);
      } else if (breaks) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

const answer = (bytes: Uint8Array, { status = 200, breaks = false, etag = ETAG } = {}) =>
  new Response(body(bytes, breaks), { status, headers: { etag, 'x-package-md5': 'abc' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const options = (wait = vi.fn(async (_ms: number, _signal: AbortSignal) => {})) => ({
  token: 'tok',
  deviceKey: 'key',
  signal: new AbortController().signal,
  wait,
});

describe('downloadPackage', () => {
  it('sends the token and the device key, and answers the bytes with the server’s MD5', async () => {
    fetchMock.mockResolvedValueOnce(answer(FILE));
    expect(await downloadPackage(URL, options())).toEqual({ bytes: FILE, md5: 'abc' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(URL);
    expect(init.headers).toEqual({ authorization: 'Bearer tok', 'X-Device-Key': 'key' });
  });

  it('goes on from where a broken download stopped (Range, If-Range) and joins the parts', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(FILE.subarray(0, 4), { breaks: true }))
      .mockResolvedValueOnce(answer(FILE.subarray(4), { status: 206 }));
    expect((await downloadPackage(URL, options())).bytes).toEqual(FILE);
    expect(fetchMock.mock.calls[1][1].headers).toMatchObject({ range: 'bytes=4-', 'if-range': ETAG });
  });

  it('starts again when the server sends the whole file instead of the rest', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(Uint8Array.of(9, 9, 9), { breaks: true }))
      .mockResolvedValueOnce(answer(FILE));
    expect((await downloadPackage(URL, options())).bytes).toEqual(FILE);
  });

  it('gives up after DOWNLOAD_RESUMES breaks', async () => {
    fetchMock.mockImplementation(async () => answer(FILE.subarray(0, 1), { breaks: true }));
    await expect(downloadPackage(URL, options())).rejects.toThrow('network error');
    expect(fetchMock).toHaveBeenCalledTimes(DOWNLOAD_RESUMES + 1);
  });

  it('comes back after Retry-After when every download slot of the server is taken', async () => {
    const busy = (retry?: string) =>
      new Response(JSON.stringify({ code: 429001, msg: 'busy', data: null }), {
        status: 429,
        headers: retry ? { 'retry-after': retry } : {},
      });
    fetchMock
      .mockResolvedValueOnce(busy('7'))
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(answer(FILE));
    const wait = vi.fn(async (_ms: number, _signal: AbortSignal) => {});
    expect((await downloadPackage(URL, options(wait))).bytes).toEqual(FILE);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([7000, OTA_DOWNLOAD_RETRY_SECONDS * 1000]);
  });

  it('fails on another refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 404001, msg: 'Not found', data: null }), { status: 404 }),
    );
    await expect(downloadPackage(URL, options())).rejects.toThrow('Not found');
  });
});
