// The nine languages of the product (spec 000 §1); English is the default and the fallback.
export const LANGUAGES = ['en', 'ar', 'de', 'it', 'es', 'fr', 'pt', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Each language's own name, shown in the language switcher. */
export const LANGUAGE_LABEL: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** Picks the best supported language from a value such as "de-CH" or "zh-hant" or an Accept-Language header. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((r) => r.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    if (tag.startsWith('zh')) {
      return /(tw|hk|mo|hant)/.test(tag) ? 'zh-TW' : 'zh-CN';
    }
    const base = tag.split('-')[0];
    const found = LANGUAGES.find((lang) => lang.toLowerCase() === base);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
