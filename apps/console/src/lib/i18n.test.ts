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

describe("the contract's messages in two parts", () => {
  it('loads what the public pages use before the rest, and finds either through the contract namespace', async () => {
    const { default: publicPart } = await import(
      '../../../../packages/contract/src/locales/de.json?part=public'
    );
    const { default: areas } = await import('../../../../packages/contract/src/locales/de.json?part=areas');
    const { default: whole } = await import('../../../../packages/contract/src/locales/de.json');
    expect(Object.keys(publicPart)).toEqual(expect.arrayContaining(['code', 'validation', 'client', 'role']));
    expect(Object.keys(publicPart)).not.toContain('upload');
    expect(Object.keys(areas)).toContain('upload');
    expect(Object.keys(areas)).not.toContain('validation');
    expect({ ...publicPart, ...areas }).toEqual(whole);

    await setLanguage('de');
    expect(i18n.t('contract:upload.noSpace')).toBe((whole as { upload: { noSpace: string } }).upload.noSpace);
    expect(i18n.t('contract:validation.email.required')).toBe(whole.validation.email.required);
  });
});
