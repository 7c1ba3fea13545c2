import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';

// Every message shown in the console exists in all nine languages (spec 000 §1).
type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length, -'.json'.length));

/** Keys of the English file that a language's file lacks or leaves empty. */
function missingKeys(english: Tree, other: Tree | undefined): string[] {
  const theirs = other ? leaves(other) : new Map<string, string>();
  return [...leaves(english).keys()].filter((key) => !theirs.get(key)?.trim());
}

describe('translations', () => {
  it('has the common namespace', () => {
    expect(namespaces).toContain('common');
  });

  it('reports a key missing from a language', () => {
    expect(missingKeys({ a: 'A', b: { c: 'C' } }, { a: 'Ä', b: {} })).toEqual(['b.c']);
    expect(missingKeys({ a: 'A' }, undefined)).toEqual(['a']);
    expect(missingKeys({ a: 'A' }, { a: ' ' })).toEqual(['a']);
  });

  for (const namespace of namespaces) {
    const english = files[`./en/${namespace}.json`];
    for (const language of LANGUAGES.filter((lang) => lang !== 'en')) {
      it(`${language}/${namespace}.json has every English key with the same placeholders`, () => {
        const other = files[`./${language}/${namespace}.json`];
        expect(missingKeys(english, other)).toEqual([]);
        const theirs = leaves(other);
        for (const [key, text] of leaves(english)) {
          expect(placeholders(theirs.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
        }
      });
    }
  }
});
