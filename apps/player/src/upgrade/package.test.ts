import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UpgradeFailed } from './failed';
import { unpackPackage, verifyPackage } from './package';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

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
  it('answers every file with its type, skipping folders', () => {
    const files = unpackPackage(
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
  ])('refuses %s, which leaves the build', (name) => {
    expect(() => unpackPackage(zip({ 'index.html': '', [name]: 'x' }))).toThrow(/outside its folder/);
  });

  it('refuses a build without index.html at its root, and a file that is no zip', () => {
    expect(() => unpackPackage(zip({ 'dist/index.html': '' }))).toThrow('The package holds no index.html.');
    expect(() => unpackPackage(strToU8('not a zip'))).toThrow('The package is not a zip file.');
  });
});
