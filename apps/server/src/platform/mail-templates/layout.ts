import { type Language, RTL_LANGUAGES } from '@vitrine/contract';

/**
 * A shipped mail in one language: the subject, paragraphs before the button, short detail lines
 * (label: value), the button's label (it opens {{link}}), and paragraphs after it. Plain text:
 * {{name}} placeholders are filled at send time, HTML-escaped in the HTML part.
 */
export type MailText = {
  subject: string;
  intro: string[];
  details?: string[];
  action?: string;
  outro: string[];
};

export type LocalizedMail = Record<Language, MailText>;

export type RenderedMail = { subject: string; html: string; text: string };

/** Words of the frame around every mail. */
const FRAME: Record<Language, { linkHint: string; footer: string }> = {
  en: {
    linkHint: 'If the button does not work, copy this link into your browser:',
    footer: 'This message was sent automatically by Vitrine. Please do not reply.',
  },
  ar: {
    linkHint: 'إذا لم يعمل الزر، فانسخ هذا الرابط والصقه في المتصفح:',
    footer: 'أُرسلت هذه الرسالة تلقائيًا من Vitrine. يُرجى عدم الرد عليها.',
  },
  de: {
    linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    footer: 'Diese Nachricht wurde automatisch von Vitrine versendet. Bitte antworten Sie nicht darauf.',
  },
  it: {
    linkHint: 'Se il pulsante non funziona, copia questo link nel browser:',
    footer: 'Questo messaggio è stato inviato automaticamente da Vitrine. Non rispondere.',
  },
  es: {
    linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
    footer: 'Vitrine ha enviado este mensaje automáticamente. Por favor, no respondas.',
  },
  fr: {
    linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer: 'Ce message a été envoyé automatiquement par Vitrine. Merci de ne pas y répondre.',
  },
  pt: {
    linkHint: 'Se o botão não funcionar, copie este link no seu navegador:',
    footer: 'Esta mensagem foi enviada automaticamente pelo Vitrine. Não responda.',
  },
  'zh-CN': {
    linkHint: '如果按钮无法使用，请将此链接复制到浏览器中打开：',
    footer: '此邮件由 Vitrine 自动发送，请勿回复。',
  },
  'zh-TW': {
    linkHint: '如果按鈕無法使用，請將此連結複製到瀏覽器中開啟：',
    footer: '這封郵件由 Vitrine 自動寄出，請勿回覆。',
  },
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Fills {{name}} placeholders; a missing value leaves nothing rather than a raw placeholder. */
export function fill(template: string, vars: Record<string, string>, html: boolean): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** A header value: no line breaks, so a variable can never add a header. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const paragraph = (html: string) => `<p style="margin:0 0 16px;line-height:1.6">${html}</p>`;

export function renderShipped(
  mail: MailText,
  language: Language,
  vars: Record<string, string>,
): RenderedMail {
  const rtl = RTL_LANGUAGES.includes(language);
  const dir = rtl ? 'rtl' : 'ltr';
  const frame = FRAME[language];
  const link = vars.link ?? '';
  const html = (line: string) => fill(escapeHtml(line), vars, true);
  const paragraphs = (lines: string[]) => lines.map((line) => paragraph(html(line))).join('\n');
  const details = mail.details
    ? `<p style="margin:0 0 16px;padding:12px 16px;background:#fafafa;border-radius:6px;line-height:1.8">${mail.details.map(html).join('<br>')}</p>`
    : '';
  const button = mail.action
    ? `<p style="margin:24px 0">
<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#1677ff;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(mail.action)}</a>
</p>
<p style="margin:0 0 16px;font-size:13px;color:#666666">${escapeHtml(frame.linkHint)}<br><a href="${escapeHtml(link)}" style="color:#1677ff;word-break:break-all">${escapeHtml(link)}</a></p>`
    : '';
  const subject = oneLine(fill(mail.subject, vars, false));
  const body = `<!DOCTYPE html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f1f1f">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;text-align:${rtl ? 'right' : 'left'}">
<div style="margin:0 0 24px;font-size:20px;font-weight:700;color:#001529">Vitrine</div>
${paragraphs(mail.intro)}
${details}
${button}
${paragraphs(mail.outro)}
<p style="margin:32px 0 0;font-size:12px;color:#8c8c8c">${escapeHtml(frame.footer)}</p>
</div>
</body>
</html>
`;
  const text = [
    ...mail.intro.map((line) => fill(line, vars, false)),
    ...(mail.details ? [mail.details.map((line) => fill(line, vars, false)).join('\n')] : []),
    ...(mail.action ? [`${mail.action}: ${link}`] : []),
    ...mail.outro.map((line) => fill(line, vars, false)),
    `-- \n${frame.footer}`,
  ].join('\n\n');
  return { subject, html: body, text: `${text}\n` };
}

/** An edited template as it is sent: its HTML body and subject filled, the text part from the HTML. */
export function renderEdited(subject: string, body: string, vars: Record<string, string>): RenderedMail {
  const html = fill(body, vars, true);
  return { subject: oneLine(fill(subject, vars, false)), html, text: htmlToText(html) };
}

/**
 * A shipped mail in the form an editor starts from: the HTML it is sent as, with each variable
 * left as its `{{name}}` placeholder.
 */
export function editableShipped(mail: MailText, language: Language, names: string[]) {
  const placeholders = Object.fromEntries(names.map((name) => [name, `{{${name}}}`]));
  const { subject, html } = renderShipped(mail, language, placeholders);
  return { subject, body: html };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The plain-text part of an edited template, from its HTML: paragraphs kept, links spelled out. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
    .replace(
      /<a\b[^>]*href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, label: string) => {
        const words = label.replace(/<[^>]+>/g, '').trim();
        return words && words !== href ? `${words} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return NAMED[name.toLowerCase()] ?? entity;
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}
