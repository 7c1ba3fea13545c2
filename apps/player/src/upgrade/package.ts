import { webFileType } from '@vitrine/contract';
import { Unzip, UnzipInflate } from 'fflate';
import { joined } from './bytes';
import { UpgradeFailed } from './failed';

// A browser package (docs/ota.md "The browser player's upgrade"): a zip of a player build made
// with a relative base (npm run package -w apps/player). Its MD5 (computed as it downloaded) is
// checked against the ones the offer and the download name, then it is unpacked into files the
// service worker serves under /player/v/<version>/.

/** One file of a package: its path inside the build, its bytes and the type it is served with. */
export type PackageFile = { path: string; bytes: Uint8Array; type: string };

/**
 * Throws unless the downloaded bytes' MD5 (`actual`, lower case) is the offer's and, when the
 * server sent one, the X-Package-MD5 header's (both compared without regard to case).
 */
export function verifyPackage(actual: string, offered: string, header: string | null): void {
  if (actual !== offered.toLowerCase()) {
    const expected = offered.toLowerCase();
    throw new UpgradeFailed(
      'md5',
      { actual, expected },
      `The package's MD5 ${actual} is not the plan's ${expected}.`,
    );
  }
  if (header && actual !== header.trim().toLowerCase()) {
    const expected = header.trim().toLowerCase();
    throw new UpgradeFailed(
      'md5',
      { actual, expected },
      `The package's MD5 ${actual} is not the server's ${expected}.`,
    );
  }
}

/** A path inside the build, or null when it would leave it (absolute, a drive, `..`, backslashes). */
function safePath(name: string): string | null {
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((part) => part === '..' || part === '.' || part === '')) return null;
  return name;
}

const notZip = () => new UpgradeFailed('not_zip', {}, 'The package is not a zip file.');
/** What every zip starts with: a file's local header. */
const ZIP_START = [0x50, 0x4b, 0x03, 0x04];

/**
 * The package's files as they unzip from its pieces (fflate's streamed Unzip: a file at a time is
 * held, never the whole zip). Refuses a package that is not a zip, a path that would leave the
 * build, and a build without index.html at its root; folders are skipped.
 */
export async function* unpackPackage(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<PackageFile> {
  const done: PackageFile[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/') || failure) return;
    const path = safePath(file.name);
    if (!path) {
      failure = new UpgradeFailed(
        'outside',
        { name: file.name },
        `The package holds a file outside its folder: ${file.name}`,
      );
      return;
    }
    const parts: Uint8Array[] = [];
    let length = 0;
    file.ondata = (error, data, final) => {
      if (error) {
        failure ??= error;
        return;
      }
      parts.push(data);
      length += data.length;
      if (final) done.push({ path, bytes: joined(parts, length), type: webFileType(path) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch {
      failure ??= notZip();
    }
    if (failure) throw failure instanceof UpgradeFailed ? failure : notZip();
    return done.splice(0);
  };
  let first = true;
  let index = false;
  const reader = pieces[Symbol.asyncIterator]();
  for (;;) {
    const next = await reader.next();
    const piece = next.done ? new Uint8Array(0) : next.value;
    if (first && !ZIP_START.every((byte, at) => piece[at] === byte)) throw notZip();
    first = false;
    for (const file of push(piece, next.done === true)) {
      index ||= file.path === 'index.html';
      yield file;
    }
    if (next.done) break;
  }
  if (!index) throw new UpgradeFailed('no_index', {}, 'The package holds no index.html.');
}
