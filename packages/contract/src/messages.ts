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

/** Every language's messages by their dotted key, flattened once on first use. */
const flat = new Map<Language, Map<string, string>>();

function flatten(tree: MessageTree, prefix = '', into = new Map<string, string>()) {
  for (const [name, node] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof node === 'string') into.set(key, node);
    else flatten(node, key, into);
  }
  return into;
}

function messagesOf(language: Language) {
  let messages = flat.get(language);
  if (!messages) {
    messages = flatten(MESSAGES[language]);
    flat.set(language, messages);
  }
  return messages;
}

/** Translates a message key, falling back to English, then to the key itself; fills {{name}}. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = messagesOf(language).get(key) ?? messagesOf('en').get(key) ?? key;
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Whether a text is a key of the contract's messages (rather than a text of its own). */
export const isMessageKey = (text: string) => messagesOf('en').has(text);
