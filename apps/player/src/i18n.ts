import type { Language } from '@vitrine/contract';
import { pickLanguage, RTL_LANGUAGES } from '@vitrine/contract';
import { LOCALES, type MessageKey } from './locales';

/** ?lang= wins (a kiosk launch sets it), else the browser's language. */
export function resolveLanguage(search: string, browserLanguage: string | undefined): Language {
  return pickLanguage(new URLSearchParams(search).get('lang') || browserLanguage);
}

export function applyLanguage(root: HTMLElement, language: Language): void {
  root.lang = language;
  root.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export type Translate = (key: MessageKey) => string;

export const translator =
  (language: Language): Translate =>
  (key) =>
    LOCALES[language][key] ?? LOCALES.en[key];
