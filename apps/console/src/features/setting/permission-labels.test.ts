import { LANGUAGES, PERMISSIONS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { groupPermissions, PERMISSION_LABEL } from './permission-labels';

describe('permission labels', () => {
  it('groups every key once, by module, in table order', () => {
    const groups = groupPermissions();
    expect(groups.flatMap((group) => group.keys)).toEqual([...PERMISSIONS]);
    expect(groups.map((group) => group.module)).toContain('res');
  });

  it.each(LANGUAGES)('gives every key and module a real label in %s', async (language) => {
    await i18n.loadLanguages(language);
    await i18n.loadNamespaces(['common', 'team']);
    const t = i18n.getFixedT(language);
    const keys = [...Object.values(PERMISSION_LABEL), ...groupPermissions().map((group) => group.title)];
    const missing = keys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false }));
    expect(missing).toEqual([]);
    // A name, not the key again nor a translation key showing through.
    const unnamed = PERMISSIONS.filter((key) => {
      const name = t(PERMISSION_LABEL[key]);
      return !name.trim() || name === key || /^(route|permission)\./.test(name);
    });
    expect(unnamed).toEqual([]);
  });
});
