import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { H5_ENTRY_FILE, H5_MAX_ENTRIES, H5_MAX_UNPACKED_BYTES } from '@vitrine/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Storage } from '../../platform/storage';
import { h5Key } from './storage';

// H5 content (a mobile template): an HTML5 package uploaded as a zip, unpacked by processing into
// storage under media/h5/<the zip's hash>/ and served from there (media-routes.ts). Nothing in a package
// is trusted: a name that is absolute, climbs out with `..` or hides a backslash, a symbolic link,
// more than H5_MAX_ENTRIES entries or more than H5_MAX_UNPACKED_BYTES unpacked (counted as the
// bytes inflate: a header may lie) refuses the whole package, and it must open with an index.html
// at its root or in its one top folder (which is then dropped, so the page is always at the root).

/** Why a package is refused: the message key the content's problem gets. */
export type H5Problem =
  | 'h5.corrupt'
  | 'h5.unsafePath'
  | 'h5.symlink'
  | 'h5.tooManyFiles'
  | 'h5.tooLarge'
  | 'h5.noIndex';

export class H5Refused extends Error {
  override name = 'H5Refused';
  constructor(readonly problem: H5Problem) {
    super(problem);
  }
}

export type H5Limits = { entries: number; bytes: number };
const LIMITS: H5Limits = { entries: H5_MAX_ENTRIES, bytes: H5_MAX_UNPACKED_BYTES };

/** What macOS's archiver adds beside a package's own files. */
const isMacOsNoise = (name: string) =>
  name.startsWith('__MACOSX/') || path.posix.basename(name) === '.DS_Store';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** yauzl's refusals of a name (strictFileNames: a backslash is refused, not turned into a slash). */
const UNSAFE_NAME = /^(invalid characters in fileName|absolute path|invalid relative path):/;

const open = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, strictFileNames: true, validateEntrySizes: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

/** The entries of a zip, each checked, in order; stops at the first refusal. */
async function* entriesOf(zip: ZipFile, limits: H5Limits): AsyncGenerator<Entry> {
  if (zip.entryCount > limits.entries) throw new H5Refused('h5.tooManyFiles');
  let next: { resolve: (entry: Entry | null) => void; reject: (error: Error) => void } | undefined;
  zip.on('entry', (entry: Entry) => next?.resolve(entry));
  zip.on('end', () => next?.resolve(null));
  zip.on('error', (error: Error) =>
    next?.reject(UNSAFE_NAME.test(error.message) ? new H5Refused('h5.unsafePath') : error),
  );
  for (;;) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      next = { resolve, reject };
      zip.readEntry();
    });
    if (entry === null) return;
    yield entry;
  }
}

/** The parts of the relative path a name unpacks to, checked once more than yauzl does. */
function safeName(name: string): string[] {
  const parts = name.split('/');
  if (
    parts.some(
      (part, i) =>
        part === '..' || part === '.' || part.includes('\0') || (part === '' && i < parts.length - 1),
    )
  ) {
    throw new H5Refused('h5.unsafePath');
  }
  return parts;
}

/** Counts the bytes that pass and stops past `limit`. */
function counter(limit: () => number, onBytes: (count: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      if (limit() < 0) done(new H5Refused('h5.tooLarge'));
      else done(null, chunk);
    },
  });
}

const openStream = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/**
 * Unpacks the zip into `target` (a folder that must not exist yet, made here) and answers how many
 * files and bytes it holds. Throws H5Refused for a package refused; `target` is then left to the
 * caller to remove (it lies in a work folder).
 */
export async function unpackH5(zipFile: string, target: string, limits: H5Limits = LIMITS) {
  let zip: ZipFile;
  try {
    zip = await open(zipFile);
  } catch {
    throw new H5Refused('h5.corrupt');
  }
  try {
    return await unpackEntries(zip, target, limits);
  } catch (error) {
    if (error instanceof H5Refused) throw error;
    // A truncated stream, a bad deflate, an encrypted entry: not a package this server opens.
    throw new H5Refused('h5.corrupt');
  } finally {
    zip.close();
  }
}

async function unpackEntries(zip: ZipFile, target: string, limits: H5Limits) {
  const unpacked = path.join(target, 'files');
  await fs.promises.mkdir(unpacked, { recursive: true });
  const files: string[] = [];
  let entries = 0;
  let bytes = 0;
  for await (const entry of entriesOf(zip, limits)) {
    entries += 1;
    if (entries > limits.entries) throw new H5Refused('h5.tooManyFiles');
    const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (mode === S_IFLNK) throw new H5Refused('h5.symlink');
    const parts = safeName(entry.fileName);
    if (isMacOsNoise(entry.fileName)) continue;
    const destination = path.join(unpacked, ...parts);
    if (!destination.startsWith(unpacked + path.sep)) throw new H5Refused('h5.unsafePath');
    if (entry.fileName.endsWith('/')) {
      await fs.promises.mkdir(destination, { recursive: true });
      continue;
    }
    // The headers' claim first (cheap), then the bytes as they come (a header may lie).
    if (bytes + entry.uncompressedSize > limits.bytes) throw new H5Refused('h5.tooLarge');
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    let written = 0;
    await pipeline(
      await openStream(zip, entry),
      counter(
        () => limits.bytes - bytes - written,
        (count) => {
          written += count;
        },
      ),
      // 'wx': a name twice in one package is refused rather than overwritten.
      fs.createWriteStream(destination, { flags: 'wx' }),
    );
    if (written !== entry.uncompressedSize) throw new H5Refused('h5.corrupt');
    bytes += written;
    files.push(parts.join('/'));
  }
  const root = entryRoot(files);
  if (root === null) throw new H5Refused('h5.noIndex');
  const site = path.join(target, 'site');
  await fs.promises.rename(root === '' ? unpacked : path.join(unpacked, root), site);
  return { site, files: files.length, bytes };
}

/** Where index.html is: '' at the root, the top folder's name when every file is in that one folder. */
function entryRoot(files: readonly string[]): string | null {
  if (files.includes(H5_ENTRY_FILE)) return '';
  const tops = new Set(files.map((file) => file.split('/')[0]));
  if (tops.size !== 1) return null;
  const [top] = tops;
  return files.includes(`${top}/${H5_ENTRY_FILE}`) ? top : null;
}

/**
 * Stores an unpacked package's files under media/h5/<hash>/, index.html last: a package whose
 * entry is stored is whole. When the same zip was stored already the copy is only removed: it is
 * identical.
 */
export async function storeH5(storage: Storage, site: string, hash: string) {
  const root = h5Key(hash);
  if (!(await storage.exists(`${root}/${H5_ENTRY_FILE}`))) {
    const entries = await fs.promises.readdir(site, { recursive: true, withFileTypes: true });
    const names = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(site, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort((a, b) => Number(a === H5_ENTRY_FILE) - Number(b === H5_ENTRY_FILE));
    for (const name of names) await storage.putFile(`${root}/${name}`, path.join(site, ...name.split('/')));
  }
  await fs.promises.rm(site, { recursive: true, force: true });
}
