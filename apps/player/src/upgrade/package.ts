import { webFileType } from '@vitrine/contract';
import { unzipSync } from 'fflate';
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

/**
 * The package's files. Refuses a file that is not a zip, a path that would leave the build, and a
 * build without index.html at its root; folders are skipped.
 */
export function unpackPackage(bytes: Uint8Array): PackageFile[] {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new UpgradeFailed('not_zip', {}, 'The package is not a zip file.');
  }
  const files: PackageFile[] = [];
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    const path = safePath(name);
    if (!path) {
      throw new UpgradeFailed('outside', { name }, `The package holds a file outside its folder: ${name}`);
    }
    files.push({ path, bytes: content, type: webFileType(path) });
  }
  if (!files.some((file) => file.path === 'index.html')) {
    throw new UpgradeFailed('no_index', {}, 'The package holds no index.html.');
  }
  return files;
}
