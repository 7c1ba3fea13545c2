import { DEVICE_KEY_HEADER, OTA_DOWNLOAD_RETRY_SECONDS, ResultCode } from '@vitrine/contract';
import { CallRefused, dataOf } from '../api';

// An upgrade's file (the offer's `url`, docs/ota.md "Download, check, keep"). The server streams it
// with Range and an ETag: a download cut short (the network dropped) goes on from the bytes already
// here (Range, If-Range: the same file or the whole again), and a server whose download slots are
// all taken (429001) is asked again after its Retry-After, the upgrade still under way.

export type Download = { bytes: Uint8Array; md5: string | null };

/** Breaks in a row a download goes on after; the next is the upgrade's failure. */
export const DOWNLOAD_RESUMES = 5;

export type DownloadOptions = {
  token: string;
  deviceKey: string | null;
  signal: AbortSignal;
  /** Waits `ms` (rejects when `signal` aborts); a test passes its own. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
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

const joined = (parts: readonly Uint8Array[], length: number) => {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/** Downloads the package: its bytes and the MD5 the server names in X-Package-MD5. */
export async function downloadPackage(url: string, options: DownloadOptions): Promise<Download> {
  const { signal } = options;
  const wait = options.wait ?? abortableWait;
  const parts: Uint8Array[] = [];
  let received = 0;
  let etag: string | null = null;
  let md5: string | null = null;
  let breaks = 0;
  for (;;) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      ...(options.deviceKey ? { [DEVICE_KEY_HEADER]: options.deviceKey } : {}),
      ...(received > 0 && etag ? { range: `bytes=${received}-`, 'if-range': etag } : {}),
    };
    const response = await fetch(url, { headers, cache: 'no-store', signal });
    if (!response.ok) {
      try {
        await dataOf(response);
      } catch (error) {
        if (!(error instanceof CallRefused) || error.code !== ResultCode.tooManyRequests) throw error;
        await wait(retryAfter(response.headers.get('retry-after')) * 1000, signal);
        continue;
      }
    }
    if (response.status !== 206) {
      // The whole file (first, or the server would not resume this one): from the start.
      parts.length = 0;
      received = 0;
    }
    etag = response.headers.get('etag');
    md5 = response.headers.get('x-package-md5') ?? md5;
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return { bytes: joined(parts, received), md5 };
        parts.push(chunk.value);
        received += chunk.value.length;
      }
    } catch (error) {
      // The connection broke mid-file: go on from here, a few times, unless the upgrade went.
      if (signal.aborted || !etag || breaks >= DOWNLOAD_RESUMES) throw error;
      breaks += 1;
    }
  }
}
