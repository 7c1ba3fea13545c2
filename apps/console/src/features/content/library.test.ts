import { CONTENT_SORT_COLUMNS, LANGUAGES, LIBRARY_CONTENT_TYPES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { isFileType, isLinkType, KIND_OF } from './library';

// Messages whose keys the pages build from the content type or the sort column. That every
// language has every key of the English file is checked by locales/locales.test.ts.
type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../locales/*/content.json', { eager: true, import: 'default' });
const lookup = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

describe('library pages', () => {
  it('have a content.json in each of the nine languages', () => {
    for (const language of LANGUAGES)
      expect(files[`../../locales/${language}/content.json`], language).toBeTruthy();
  });

  it('name every content type, its empty library and, for links, its form', () => {
    const en = files['../../locales/en/content.json'];
    for (const type of LIBRARY_CONTENT_TYPES) {
      const kind = KIND_OF[type];
      const keys = [`kind.${kind}`, `empty.${kind}`];
      if (isLinkType(type)) keys.push(`link.add.${kind}`, `link.edit.${kind}`, `link.help.${kind}`);
      for (const key of keys) expect(typeof lookup(en, key), key).toBe('string');
    }
    for (const column of CONTENT_SORT_COLUMNS)
      expect(typeof lookup(en, `sort.${column}`), column).toBe('string');
  });

  it('tell files from links', () => {
    const uploaded = LIBRARY_CONTENT_TYPES.filter(isFileType).map((type) => KIND_OF[type]);
    const links = LIBRARY_CONTENT_TYPES.filter(isLinkType).map((type) => KIND_OF[type]);
    expect(uploaded.sort()).toEqual(['document', 'image', 'mobileTemplate', 'music', 'video']);
    expect(links.sort()).toEqual(['stream', 'website']);
  });
});
