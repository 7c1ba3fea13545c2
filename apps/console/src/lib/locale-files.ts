// Every console namespace file of every language, each loaded on demand. Kept out of the entry
// chunk (i18n.ts imports this module when a namespace beyond the login page's is first needed):
// the loader table grows with every area and language, and the login page does not need it.
export type LocaleJson = { default: Record<string, unknown> };
export const consoleFiles = import.meta.glob<LocaleJson>('../locales/*/*.json');
