import type { Language } from './i18n';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

export type MessageTree = { [key: string]: string | MessageTree };

/** The contract's messages (result codes, validation, roles) in every language. */
export const MESSAGES: Record<Language, MessageTree> = {
  en,
  ar,
  de,
  it,
  es,
  fr,
  pt,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a message key, falling back to English, then to the key itself; fills {{name}}. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(MESSAGES[language], key) ?? lookup(MESSAGES.en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}
