import { createHash } from 'node:crypto';
import { OTA_DOWNLOAD_RETRY_SECONDS } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCacheName } from './builds';
import { DOWNLOAD_RESUMES, type Download, type DownloadOptions, downloadPackage } from './download';
import { collect, memoryCaches } from './testing';

const URL = '/backend/player/ota/package/7';
const FILE = Uint8Array.from({ length: 10 }, (_, i) => i);
const MD5 = createHash('md5').update(FILE).digest('hex');
const ETAG = 'W/"a-1"';

/** A body that gives `bytes` in chunks of 3, then breaks (the network dropped) when `breaks` is set. */
function body(bytes: Uint8Array, breaks?: () => void) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at < bytes.length) {
        controller.enqueue(bytes.slice(at, at + 3));
        at += 3;
      } else if (breaks) {
        breaks();
        controller.error(new TypeError('network error'));
      } else controller.close();
    },
  });
}

type Answer = { status?: number; breaks?: () => void; etag?: string; md5?: string };
const answer = (bytes: Uint8Array, { status = 200, breaks, etag = ETAG, md5 = MD5 }: Answer = {}) =>
  new Response(body(bytes, breaks), { status, headers: { etag, 'x-package-md5': md5 } });
const broken = (bytes: Uint8Array, fields: Answer = {}) => answer(bytes, { breaks: () => {}, ...fields });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const setUp = (fields: Partial<DownloadOptions> = {}) => {
  const storage = memoryCaches();
  const wait = vi.fn(async (_ms: number, _signal: AbortSignal) => {});
  const options: DownloadOptions = {
    token: 'tok',
    deviceKey: 'key',
    storage,
    signal: new AbortController().signal,
    wait,
    // Pieces of at least 4 bytes: the file of 10, in chunks of 3, is kept as 6 + 4.
    pieceBytes: 4,
    ...fields,
  };
  return { storage, options, wait };
};

/** The pieces the download's cache keeps, in order of their keys. */
const kept = (storage: ReturnType<typeof memoryCaches>) =>
  Promise.all(
    [...(storage.entries.get(downloadCacheName(MD5))?.entries() ?? [])]
      .filter(([key]) => key.includes('/piece/'))
      .map(async ([, response]) => [...new Uint8Array(await response.clone().arrayBuffer())]),
  );

/** The download's bytes, read back from its pieces. */
const bytesOf = async (download: Download) =>
  Uint8Array.from((await collect(download.pieces())).flatMap((piece) => [...piece]));

describe('downloadPackage', () => {
  it('sends the token and the device key, keeps the bytes in pieces and answers their MD5 and the server’s', async () => {
    const { storage, options } = setUp();
    fetchMock.mockResolvedValueOnce(answer(FILE, { md5: 'abc' }));
    const download = await downloadPackage(URL, MD5, options);
    expect(download).toMatchObject({ md5: MD5, serverMd5: 'abc' });
    expect(await bytesOf(download)).toEqual(FILE);
    expect(await kept(storage)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9],
    ]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(URL);
    expect(init.headers).toEqual({ authorization: 'Bearer tok', 'X-Device-Key': 'key' });
  });

  it('goes on from where a broken download stopped (Range, If-Range), a little later', async () => {
    const { options, wait } = setUp();
    fetchMock
      .mockResolvedValueOnce(broken(FILE.subarray(0, 7)))
      .mockResolvedValueOnce(answer(FILE.subarray(7), { status: 206 }));
    const download = await downloadPackage(URL, MD5, options);
    expect(download.md5).toBe(MD5);
    expect(await bytesOf(download)).toEqual(FILE);
    expect(fetchMock.mock.calls[1][1].headers).toMatchObject({ range: 'bytes=7-', 'if-range': ETAG });
    expect(wait).toHaveBeenCalledOnce();
  });

  it('goes on after a reload from the pieces an earlier page kept', async () => {
    const { storage, options } = setUp();
    // The page goes mid-piece: the whole pieces stay, the bytes of the piece under way are lost.
    const page = new AbortController();
    fetchMock.mockResolvedValueOnce(broken(FILE.subarray(0, 8), { breaks: () => page.abort() }));
    await expect(downloadPackage(URL, MD5, { ...options, signal: page.signal })).rejects.toThrow(
      'network error',
    );
    expect(await kept(storage)).toEqual([[0, 1, 2, 3, 4, 5]]);

    fetchMock.mockResolvedValueOnce(answer(FILE.subarray(6), { status: 206 }));
    const download = await downloadPackage(URL, MD5, options);
    expect(fetchMock.mock.calls[1][1].headers).toMatchObject({ range: 'bytes=6-', 'if-range': ETAG });
    expect(download).toMatchObject({ md5: MD5, serverMd5: MD5 });
    expect(await bytesOf(download)).toEqual(FILE);
  });

  it('asks no byte again when an earlier page kept them all (416 naming that size)', async () => {
    const { options } = setUp();
    fetchMock.mockResolvedValueOnce(answer(FILE));
    await downloadPackage(URL, MD5, options);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 400001, msg: 'Range', data: null }), {
        status: 416,
        headers: { 'content-range': `bytes */${FILE.length}` },
      }),
    );
    const again = await downloadPackage(URL, MD5, options);
    expect(fetchMock.mock.calls[1][1].headers).toMatchObject({ range: `bytes=${FILE.length}-` });
    expect(again.md5).toBe(MD5);
    expect(await bytesOf(again)).toEqual(FILE);
  });

  it('starts again when the server sends the whole file instead of the rest (another file)', async () => {
    const { storage, options } = setUp();
    fetchMock
      .mockResolvedValueOnce(broken(Uint8Array.of(9, 9, 9, 9, 9), { etag: '"old"' }))
      .mockResolvedValueOnce(answer(FILE));
    const download = await downloadPackage(URL, MD5, options);
    expect(fetchMock.mock.calls[1][1].headers).toMatchObject({ range: 'bytes=5-', 'if-range': '"old"' });
    expect(download.md5).toBe(MD5);
    expect(await bytesOf(download)).toEqual(FILE);
    expect(await kept(storage)).toHaveLength(2);
  });

  it('drops the download of another package when one starts', async () => {
    const { storage, options } = setUp();
    await (await storage.open(downloadCacheName('f'.repeat(32)))).put(
      '/player/download/meta',
      new Response('{}'),
    );
    fetchMock.mockResolvedValueOnce(answer(FILE));
    await downloadPackage(URL, MD5.toUpperCase(), options);
    expect(await storage.keys()).toEqual([downloadCacheName(MD5)]);
  });

  it('gives up after DOWNLOAD_RESUMES breaks, waiting longer each time', async () => {
    const { options, wait } = setUp();
    fetchMock.mockImplementation(async () => broken(FILE.subarray(0, 1)));
    await expect(downloadPackage(URL, MD5, options)).rejects.toThrow('network error');
    expect(fetchMock).toHaveBeenCalledTimes(DOWNLOAD_RESUMES + 1);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([2000, 4000, 6000, 8000, 10000]);
  });

  it('counts a request that finds no network as a break', async () => {
    const { options } = setUp();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(answer(FILE));
    expect((await downloadPackage(URL, MD5, options)).md5).toBe(MD5);
  });

  it('comes back after Retry-After when every download slot of the server is taken', async () => {
    const { options, wait } = setUp();
    const busy = (retry?: string) =>
      new Response(JSON.stringify({ code: 429001, msg: 'busy', data: null }), {
        status: 429,
        headers: retry ? { 'retry-after': retry } : {},
      });
    fetchMock
      .mockResolvedValueOnce(busy('7'))
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(answer(FILE));
    expect((await downloadPackage(URL, MD5, options)).md5).toBe(MD5);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([7000, OTA_DOWNLOAD_RETRY_SECONDS * 1000]);
  });

  it('fails on another refusal', async () => {
    const { options } = setUp();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 404001, msg: 'Not found', data: null }), { status: 404 }),
    );
    await expect(downloadPackage(URL, MD5, options)).rejects.toThrow('Not found');
  });
});
