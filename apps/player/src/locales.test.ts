import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { applyLanguage, resolveLanguage, translator } from './i18n';
import { LOCALES } from './locales';

const keys = Object.keys(LOCALES.en).sort();

describe('player locales', () => {
  it.each(LANGUAGES)('%s has every key, each with text', (language) => {
    const messages = LOCALES[language];
    expect(messages, `${language} is missing`).toBeDefined();
    expect(Object.keys(messages).sort()).toEqual(keys);
    for (const key of keys) expect(messages[key as keyof typeof messages].trim(), key).not.toBe('');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not an English copy', (language) => {
    expect(LOCALES[language]['unpaired.instruction']).not.toBe(LOCALES.en['unpaired.instruction']);
    expect(LOCALES[language]['replaced.title']).not.toBe(LOCALES.en['replaced.title']);
  });
});

describe('resolveLanguage', () => {
  it('prefers ?lang= and falls back to the browser language', () => {
    expect(resolveLanguage('?lang=fr', 'de-DE')).toBe('fr');
    expect(resolveLanguage('?lang=zh-TW', 'en')).toBe('zh-TW');
    expect(resolveLanguage('', 'de-CH')).toBe('de');
    expect(resolveLanguage('?lang=', 'ar-EG')).toBe('ar');
    expect(resolveLanguage('', undefined)).toBe('en');
  });
});

describe('applyLanguage', () => {
  it('turns the page right-to-left for Arabic only', () => {
    const root = document.createElement('html');
    applyLanguage(root, 'ar');
    expect(root.dir).toBe('rtl');
    expect(root.lang).toBe('ar');
    applyLanguage(root, 'de');
    expect(root.dir).toBe('ltr');
  });

  it('translates', () => {
    expect(translator('de')('status.connected')).toBe('Verbunden');
  });
});
