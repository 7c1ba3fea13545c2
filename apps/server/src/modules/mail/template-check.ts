import { MAIL_TEMPLATE_VARIABLES, type MailTemplateType, ResultCode } from '@vitrine/contract';
import { Parser } from 'htmlparser2';
import { AppError } from '../../platform/errors';

// What an edited template may hold: only its mail's variables, and HTML that mail programs show
// without running anything (no scripts, frames, forms, event handlers, script addresses or CSS
// expressions). The HTML is read by htmlparser2, as a browser would tokenise it.

/** Elements that run code, load other documents or send data. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'base',
]);

/** Attributes whose value is an address. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'cite',
  'srcset',
  'xlink:href',
  'lowsrc',
  'dynsrc',
]);

/** CSS that runs code or pulls in more: IE's expression(), behaviours, bindings, imports. */
const UNSAFE_CSS = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;

/** An address as a browser reads its scheme: control characters and spaces are dropped. */
const schemeOf = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop them before the scheme
    .replace(/[\u0000-\u0020]/g, '')
    .toLowerCase();

/** CSS with its comments and escapes out of the way, as the browser would read it. */
const plainCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)),
    );

/** What the first unsafe thing in `html` is, as the message names it; null when there is none. */
export function unsafeHtml(html: string): string | null {
  let found: string | null = null;
  let styleText = '';
  let inStyle = false;
  const note = (what: string) => {
    found ??= what;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (FORBIDDEN_ELEMENTS.has(name)) note(`<${name}>`);
        if (name === 'style') {
          inStyle = true;
          styleText = '';
        }
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh')
          note('<meta http-equiv="refresh">');
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) note(attribute);
          else if (attribute === 'style' && UNSAFE_CSS.test(plainCss(value))) note('style="…"');
          else if (URL_ATTRIBUTES.has(attribute)) {
            const url = schemeOf(value);
            if (/^(javascript|vbscript):/.test(url)) note(`${attribute}="${url.split(':')[0]}:…"`);
            else if (url.startsWith('data:') && !url.startsWith('data:image/')) note(`${attribute}="data:…"`);
          }
        }
      },
      ontext(text) {
        if (inStyle) styleText += text;
      },
      onclosetag(name) {
        if (name !== 'style') return;
        inStyle = false;
        if (UNSAFE_CSS.test(plainCss(styleText))) note('<style>');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** `{{…}}` placeholders of a text, as written. */
const placeholders = (text: string) => [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => match[1]);

/** Refuses (400001, naming what was found) a template with an unknown variable or unsafe HTML. */
export function checkTemplate(type: MailTemplateType, subject: string, body: string) {
  const offered = MAIL_TEMPLATE_VARIABLES[type];
  const unknown = [...placeholders(subject), ...placeholders(body)].find(
    (name) => !Object.hasOwn(offered, name),
  );
  if (unknown !== undefined) {
    throw new AppError(ResultCode.validation, 'mail.unknownVariable', { variable: `{{${unknown}}}` });
  }
  const found = unsafeHtml(body);
  if (found) throw new AppError(ResultCode.validation, 'mail.unsafeHtml', { found });
}
