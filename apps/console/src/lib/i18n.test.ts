import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18n, initialLanguage, setLanguage } from './i18n';

afterEach(async () => {
  await setLanguage('en');
});

describe('language choice', () => {
  it('takes the language query parameter first, then the stored choice, then English', () => {
    expect(initialLanguage('?language=ar', 'de')).toBe('ar');
    expect(initialLanguage('?language=zh-tw', null)).toBe('zh-TW');
    expect(initialLanguage('?language=pt-BR', null)).toBe('pt');
    expect(initialLanguage('?language=klingon', 'de')).toBe('de');
    expect(initialLanguage('', 'it')).toBe('it');
    expect(initialLanguage('', 'xx')).toBe('en');
    expect(initialLanguage('', null)).toBe('en');
  });

  it('switches messages, stores the choice and turns the page right-to-left for Arabic', async () => {
    await setLanguage('ar');
    expect(currentLanguage()).toBe('ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('layout.back')).toBe('رجوع');
    expect(i18n.t('contract:validation.email.required')).not.toBe('Please input the email');

    await setLanguage('zh-TW');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('select.placeholder')).toBe('請選擇');
  });
});
