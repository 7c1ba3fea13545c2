import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  pickLanguage,
  RTL_LANGUAGES,
} from '@vitrine/contract';
import type { Locale } from 'antd/es/locale';
import i18next, { type BackendModule } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { LocaleJson } from './locale-files';

// Translations are loaded per language and namespace on demand, so a visitor downloads only the
// files of their language: src/locales/<lang>/<ns>.json plus the contract's messages. Those come
// in two parts (vite.config.ts): the 'contract' namespace has what the public pages use (result
// codes, validation, roles), 'contractAreas' the rest, which the signed-in shell loads; a key
// looked up in 'contract' is found in either (fallbackNS).
type Json = LocaleJson;
/** The login page's namespaces; the others come through locale-files.ts. */
const loginFiles = import.meta.glob<Json>('../locales/*/{common,account}.json');
const contractFiles = {
  contract: import.meta.glob<Json>('../../../../packages/contract/src/locales/*.json', {
    query: '?part=public',
  }),
  contractAreas: import.meta.glob<Json>('../../../../packages/contract/src/locales/*.json', {
    query: '?part=areas',
  }),
};

export const LANGUAGE_STORAGE_KEY = 'language';
const NAMESPACES_AT_START = ['common', 'contract'];
const CONTRACT_AREAS = 'contractAreas';

async function namespaceLoader(
  language: string,
  namespace: string,
): Promise<(() => Promise<Json>) | undefined> {
  if (namespace === 'contract' || namespace === CONTRACT_AREAS) {
    return contractFiles[namespace][`../../../../packages/contract/src/locales/${language}.json`];
  }
  const file = `../locales/${language}/${namespace}.json`;
  return loginFiles[file] ?? (await import('./locale-files')).consoleFiles[file];
}

/** The contract's messages beyond the public pages' ones, for the signed-in shell (kept on every language switch). */
export const loadContractAreas = () => i18next.loadNamespaces(CONTRACT_AREAS);

async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = await namespaceLoader(language, namespace);
  if (!load) throw new Error(`No ${namespace} messages for ${language}`);
  return (await load()).default;
}

const globBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

// English is Ant Design's built-in locale: nothing to load.
const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale | undefined }>> = {
  en: async () => ({ default: undefined }),
  ar: () => import('antd/es/locale/ar_EG'),
  de: () => import('antd/es/locale/de_DE'),
  it: () => import('antd/es/locale/it_IT'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_BR'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

// English is built into dayjs. Dates are not shown before login, so dayjs loads beside the
// first render instead of before it.
const DAYJS_LOCALES: Record<Language, [string, (() => Promise<unknown>) | null]> = {
  en: ['en', null],
  ar: ['ar', () => import('dayjs/locale/ar.js')],
  de: ['de', () => import('dayjs/locale/de.js')],
  it: ['it', () => import('dayjs/locale/it.js')],
  es: ['es', () => import('dayjs/locale/es.js')],
  fr: ['fr', () => import('dayjs/locale/fr.js')],
  pt: ['pt-br', () => import('dayjs/locale/pt-br.js')],
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn.js')],
  'zh-TW': ['zh-tw', () => import('dayjs/locale/zh-tw.js')],
};

async function applyDayjsLocale(language: Language): Promise<void> {
  const [name, load] = DAYJS_LOCALES[language];
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), load?.()]);
  // A later switch may have finished first (English loads nothing): the newest language wins.
  if (languageState.language === language) dayjs.locale(name);
}

export type LanguageState = { language: Language; direction: 'ltr' | 'rtl'; antdLocale: Locale | undefined };

let languageState: LanguageState = { language: DEFAULT_LANGUAGE, direction: 'ltr', antdLocale: undefined };
const listeners = new Set<() => void>();
/** Calls the listener after each switch of the language, once its resources are in place. */
export const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLanguageState = () => languageState;

export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribeLanguage, getLanguageState, getLanguageState);
}

export const currentLanguage = (): Language => languageState.language;

const directionOf = (language: Language): 'ltr' | 'rtl' => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

/** Loads every resource of the language first, then switches all at once (no half-translated frame). */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const [antd] = await Promise.all([
    ANTD_LOCALES[language](),
    i18next.isInitialized ? i18next.changeLanguage(language) : Promise.resolve(),
  ]);
  void applyDayjsLocale(language);
  const direction = directionOf(language);
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
  languageState = { language, direction, antdLocale: antd.default };
  for (const listener of listeners) listener();
}

/** The `language` query parameter wins and is stored; then the stored choice; then English. */
export function initialLanguage(search: string, stored: string | null): Language {
  const requested = new URLSearchParams(search).get('language');
  if (requested) {
    if (isLanguage(requested)) return requested;
    const picked = pickLanguage(requested);
    if (picked !== DEFAULT_LANGUAGE || requested.toLowerCase().startsWith('en')) return picked;
  }
  return stored && isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

let ready: Promise<void> | null = null;

/** Initialises i18next with the starting language; resolves when its messages are loaded. */
export function initI18n(): Promise<void> {
  ready ??= (async () => {
    const language = initialLanguage(window.location.search, localStorage.getItem(LANGUAGE_STORAGE_KEY));
    await i18next
      .use(globBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        lowerCaseLng: false,
        ns: NAMESPACES_AT_START,
        defaultNS: 'common',
        fallbackNS: CONTRACT_AREAS,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    await setLanguage(language);
  })();
  return ready;
}

export { i18next as i18n };
