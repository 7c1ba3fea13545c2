import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UpgradeFailed } from './failed';
import { unpackPackage, verifyPackage } from './package';
import { collect } from './testing';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

/** The package's bytes as the download keeps them: in pieces of `size` bytes. */
async function* piecesOf(bytes: Uint8Array, size = 5) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}
/** Every file unpacked from the package's pieces. */
const unpacked = async (bytes: Uint8Array, size?: number) => collect(unpackPackage(piecesOf(bytes, size)));

describe('verifyPackage', () => {
  const bytes = strToU8('a build');
  const md5 = createHash('md5').update(bytes).digest('hex');

  it('accepts the offer and header MD5 in any case', () => {
    expect(() => verifyPackage(md5, md5.toUpperCase(), ` ${md5.toUpperCase()} `)).not.toThrow();
    expect(() => verifyPackage(md5, md5, null)).not.toThrow();
  });

  it("refuses bytes that are not the offer's or the header's", () => {
    const other = '0'.repeat(32);
    expect(() => verifyPackage(md5, other, md5)).toThrow(
      new UpgradeFailed(
        'md5',
        { actual: md5, expected: other },
        `The package's MD5 ${md5} is not the plan's ${other}.`,
      ),
    );
    expect(() => verifyPackage(md5, md5, other)).toThrow(/not the server's 0{32}/);
  });
});

describe('unpackPackage', () => {
  it('answers every file with its type, skipping folders, from pieces that cut it anywhere', async () => {
    const files = await unpacked(
      zipSync({
        'index.html': strToU8('<p>'),
        assets: {},
        'assets/index-1.js': strToU8('1'),
        'sw.js': strToU8(''),
      }),
    );
    expect(files.map(({ path, type }) => [path, type])).toEqual([
      ['index.html', 'text/html; charset=utf-8'],
      ['assets/index-1.js', 'text/javascript; charset=utf-8'],
      ['sw.js', 'text/javascript; charset=utf-8'],
    ]);
    expect(new TextDecoder().decode(files[0].bytes)).toBe('<p>');
  });

  it.each([
    ['../index.html'],
    ['assets/../../x.js'],
    ['/etc/passwd'],
    ['C:/x.js'],
    ['assets\\x.js'],
    ['./x.js'],
  ])('refuses %s, which leaves the build', async (name) => {
    await expect(unpacked(zip({ 'index.html': '', [name]: 'x' }))).rejects.toThrow(/outside its folder/);
  });

  it('refuses a build without index.html at its root, and a file that is no zip', async () => {
    await expect(unpacked(zip({ 'dist/index.html': '' }))).rejects.toThrow(
      'The package holds no index.html.',
    );
    await expect(unpacked(strToU8('not a zip'))).rejects.toThrow('The package is not a zip file.');
    await expect(unpacked(new Uint8Array(0))).rejects.toThrow('The package is not a zip file.');
    // A zip whose compressed data is damaged (past the MD5, which the operator's build had).
    const damaged = zip({ 'index.html': '<p>'.repeat(200) });
    damaged.fill(0xff, 40, 60);
    await expect(unpacked(damaged, 1 << 20)).rejects.toThrow('The package is not a zip file.');
  });
});
