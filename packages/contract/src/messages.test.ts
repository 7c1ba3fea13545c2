import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n';
import { MESSAGES, type MessageTree } from './messages';

// translate() falls back to English without a word, so a message missing from a language would
// reach its users in English: every key of the English file must exist in the eight others.

function leaves(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Keys of the English messages that another language lacks or leaves empty. */
const missingKeys = (english: MessageTree, other: MessageTree) => {
  const theirs = leaves(other);
  return [...leaves(english).keys()].filter((key) => !theirs.get(key)?.trim());
};

describe('the contract’s messages', () => {
  it('reports a key missing from a language', () => {
    expect(missingKeys({ a: 'A', b: { c: 'C' } }, { a: 'Ä', b: {} })).toEqual(['b.c']);
    expect(missingKeys({ a: 'A' }, { a: ' ' })).toEqual(['a']);
  });

  for (const language of LANGUAGES.filter((lang) => lang !== 'en')) {
    it(`has every English key in ${language}, with the same placeholders`, () => {
      expect(missingKeys(MESSAGES.en, MESSAGES[language])).toEqual([]);
      const theirs = leaves(MESSAGES[language]);
      for (const [key, text] of leaves(MESSAGES.en)) {
        expect(placeholders(theirs.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      }
    });
  }
});
