import { md5 } from '@noble/hashes/legacy';
import { bytesToHex } from '@noble/hashes/utils';
import { DEVICE_KEY_HEADER, OTA_DOWNLOAD_RETRY_SECONDS, ResultCode } from '@vitrine/contract';
import { CallRefused, dataOf } from '../api';
import { downloadCacheName, dropDownloads } from './builds';
import { joined } from './bytes';

// An upgrade's file (the offer's `url`, docs/ota.md "Download, check, keep"), streamed into Cache
// Storage piece by piece while its MD5 is computed, so the package is never held whole in memory
// while it downloads. The pieces are kept in a cache of the download's own (named by the offer's
// MD5): a download cut short (the network dropped, the page reloaded, the screen restarted) goes on
// from the pieces already kept, with Range and If-Range (the same file, or the whole again). A
// server whose download slots are all taken (429001) is asked again after its Retry-After.

/** A finished download: the MD5 of the bytes received, the server's, and its pieces in the cache. */
export type Download = {
  /** The MD5 of the bytes received (hexadecimal, lower case), computed as they came. */
  md5: string;
  /** The MD5 the server names in X-Package-MD5, null when it named none. */
  serverMd5: string | null;
  /** The package's bytes, read back from the cache a piece at a time. */
  pieces: () => AsyncGenerator<Uint8Array>;
};

/** Breaks in a row a download goes on after; the next is the upgrade's failure. */
export const DOWNLOAD_RESUMES = 5;
/** Bytes of one kept piece: at most this much is downloaded again after a reload. */
export const PIECE_BYTES = 1 << 20;
// Keys inside a download's cache: what the server said of the file, and the pieces in order.
const META_KEY = '/player/download/meta';
const pieceKey = (index: number) => `/player/download/piece/${index}`;

type Meta = { etag: string; md5: string | null };

export type DownloadOptions = {
  token: string;
  deviceKey: string | null;
  storage: CacheStorage;
  signal: AbortSignal;
  /** Waits `ms` (rejects when `signal` aborts); a test passes its own. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Bytes of a kept piece (PIECE_BYTES); a test passes a few. */
  pieceBytes?: number;
};

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/** Seconds of a Retry-After header (a number; anything else: the contract's default). */
const retryAfter = (value: string | null) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : OTA_DOWNLOAD_RETRY_SECONDS;
};

/** The file's whole size from a 416's Content-Range (`bytes *\/<size>`), or null. */
const unsatisfiedSize = (response: Response) => {
  const match = /^bytes \*\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
};

/** A download in its cache: the pieces kept, the bytes they hold, their MD5 so far. */
class Partial {
  private hash = md5.create();
  private pieces = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Bytes kept in pieces: where the next request goes on from. */
  received = 0;
  meta: Meta | null = null;

  private constructor(
    private readonly storage: CacheStorage,
    private readonly name: string,
    private readonly pieceBytes: number,
  ) {}

  /** The download of these bytes (the offer's MD5), going on from what an earlier page kept. */
  static async open(storage: CacheStorage, offeredMd5: string, pieceBytes: number): Promise<Partial> {
    const name = downloadCacheName(offeredMd5);
    await dropDownloads(storage, name);
    const partial = new Partial(storage, name, pieceBytes);
    const cache = await storage.open(name);
    const meta = await cache.match(META_KEY);
    if (!meta) return partial;
    partial.meta = (await meta.json()) as Meta;
    for (let index = 0; ; index += 1) {
      const piece = await cache.match(pieceKey(index));
      if (!piece) break;
      const bytes = new Uint8Array(await piece.arrayBuffer());
      partial.hash.update(bytes);
      partial.pieces += 1;
      partial.received += bytes.byteLength;
    }
    return partial;
  }

  /** From the start: what was kept goes, the file is this one. */
  async restart(meta: Meta): Promise<void> {
    await this.storage.delete(this.name);
    this.hash = md5.create();
    this.pieces = 0;
    this.received = 0;
    this.pending = [];
    this.pendingBytes = 0;
    this.meta = meta;
    const body = JSON.stringify(meta);
    await (await this.storage.open(this.name)).put(META_KEY, new Response(body));
  }

  async add(chunk: Uint8Array): Promise<void> {
    this.hash.update(chunk);
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= this.pieceBytes) await this.keep();
  }

  /** Keeps what came since the last piece as a piece of its own. */
  async keep(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const piece = joined(this.pending, this.pendingBytes);
    await (await this.storage.open(this.name)).put(pieceKey(this.pieces), new Response(piece as BodyInit));
    this.pieces += 1;
    this.received += this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
  }

  finished(): Download {
    const { storage, name, pieces } = this;
    return {
      md5: bytesToHex(this.hash.digest()),
      serverMd5: this.meta?.md5 ?? null,
      pieces: async function* () {
        const cache = await storage.open(name);
        for (let index = 0; index < pieces; index += 1) {
          const piece = await cache.match(pieceKey(index));
          if (!piece) throw new Error('A piece of the downloaded package is no longer kept.');
          yield new Uint8Array(await piece.arrayBuffer());
        }
      },
    };
  }
}

/**
 * Downloads the package whose MD5 the offer names into Cache Storage, going on from what is kept
 * of it already. Resolves with the MD5 computed and the server's; the caller checks them and drops
 * the download (dropDownloads) once it is done with it.
 */
export async function downloadPackage(
  url: string,
  offeredMd5: string,
  options: DownloadOptions,
): Promise<Download> {
  const { signal, storage } = options;
  const wait = options.wait ?? abortableWait;
  const partial = await Partial.open(storage, offeredMd5, options.pieceBytes ?? PIECE_BYTES);
  let breaks = 0;
  // A break (the connection dropped, before the answer or mid-file): go on from the pieces kept,
  // a little later, a few times, unless the upgrade went.
  const broke = async (error: unknown) => {
    if (signal.aborted || breaks >= DOWNLOAD_RESUMES) throw error;
    breaks += 1;
    await partial.keep();
    await wait(breaks * 2000, signal);
  };
  for (;;) {
    const resume = partial.received > 0 && partial.meta !== null;
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      ...(options.deviceKey ? { [DEVICE_KEY_HEADER]: options.deviceKey } : {}),
      ...(resume ? { range: `bytes=${partial.received}-`, 'if-range': partial.meta!.etag } : {}),
    };
    let response: Response;
    try {
      response = await fetch(url, { headers, cache: 'no-store', signal });
    } catch (error) {
      await broke(error);
      continue;
    }
    // Every byte was kept before the page went: nothing is left to send.
    if (response.status === 416 && resume && unsatisfiedSize(response) === partial.received) {
      return partial.finished();
    }
    if (!response.ok) {
      try {
        await dataOf(response);
      } catch (error) {
        if (error instanceof CallRefused && error.code === ResultCode.tooManyRequests) {
          await wait(retryAfter(response.headers.get('retry-after')) * 1000, signal);
          continue;
        }
        // A range the server no longer has (another file under the same name): from the start.
        if (!resume || response.status !== 416) throw error;
        await partial.restart({ etag: '', md5: null });
        continue;
      }
    }
    if (response.status !== 206) {
      // The whole file (first, or the server would not resume this one): from the start.
      await partial.restart({
        etag: response.headers.get('etag') ?? '',
        md5: response.headers.get('x-package-md5'),
      });
    }
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        await partial.add(chunk.value);
      }
    } catch (error) {
      // Without an ETag the server could not tell the rest is of the same file: no resuming.
      if (!partial.meta?.etag) throw error;
      await broke(error);
      continue;
    }
    await partial.keep();
    return partial.finished();
  }
}
