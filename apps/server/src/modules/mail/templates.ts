import {
  LANGUAGES,
  MAIL_TEMPLATE_TYPES,
  MAIL_TEMPLATE_VARIABLES,
  type MailTemplate,
  type MailTemplateList,
  type MailTemplateParams,
  type MailTemplateRequest,
  type MailTestResult,
  type RenderedMailData,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailTemplates } from '../../db/schema';
import { SHIPPED_TEMPLATES } from '../../platform/mail-templates';
import { editableShipped, renderEdited } from '../../platform/mail-templates/layout';
import type { SessionUser } from '../../platform/session-cache';
import { sendTest } from './server-setting';
import { checkTemplate } from './template-check';

// The mail templates (mail_templates: platform-wide overrides of the shipped mails, one per type
// and language). Edited text is checked (template-check.ts) before it is stored or previewed, and
// rendered by the Mailer's own renderer.

const variablesOf = (type: MailTemplateParams['type']) =>
  Object.entries(MAIL_TEMPLATE_VARIABLES[type]).map(([name, sample]) => ({ name, sample }));

const matching = ({ type, language }: MailTemplateParams) =>
  and(eq(mailTemplates.type, type), eq(mailTemplates.language, language));

export async function templateList(app: FastifyInstance): Promise<MailTemplateList> {
  const edited = await app.db
    .select({
      type: mailTemplates.type,
      language: mailTemplates.language,
      updatedAt: mailTemplates.updatedAt,
    })
    .from(mailTemplates);
  const when = new Map(edited.map((row) => [`${row.type}/${row.language}`, row.updatedAt.toISOString()]));
  return MAIL_TEMPLATE_TYPES.map((type) => ({
    type,
    languages: LANGUAGES.map((language) => {
      const updated = when.get(`${type}/${language}`) ?? null;
      return { language, edited: updated !== null, updated_at: updated };
    }),
  }));
}

export async function templateDetail(
  app: FastifyInstance,
  params: MailTemplateParams,
): Promise<MailTemplate> {
  const [row] = await app.db.select().from(mailTemplates).where(matching(params)).limit(1);
  const variables = variablesOf(params.type);
  const { subject, body } =
    row ??
    editableShipped(
      SHIPPED_TEMPLATES[params.type][params.language],
      params.language,
      variables.map((variable) => variable.name),
    );
  return {
    ...params,
    subject,
    body,
    edited: Boolean(row),
    updated_at: row ? row.updatedAt.toISOString() : null,
    variables,
  };
}

export async function saveTemplate(
  app: FastifyInstance,
  params: MailTemplateParams,
  { subject, body }: Required<MailTemplateRequest>,
): Promise<MailTemplate> {
  checkTemplate(params.type, subject, body);
  await app.db
    .insert(mailTemplates)
    .values({ ...params, subject, body })
    .onConflictDoUpdate({
      target: [mailTemplates.type, mailTemplates.language],
      set: { subject, body, updatedAt: new Date() },
    });
  return templateDetail(app, params);
}

export async function resetTemplate(app: FastifyInstance, params: MailTemplateParams): Promise<MailTemplate> {
  await app.db.delete(mailTemplates).where(matching(params));
  return templateDetail(app, params);
}

/** The given text filled with the sample values, by the renderer the Mailer sends edited mails with. */
export function previewTemplate(
  params: MailTemplateParams,
  { subject, body }: Required<MailTemplateRequest>,
): RenderedMailData {
  checkTemplate(params.type, subject, body);
  return renderEdited(subject, body, MAIL_TEMPLATE_VARIABLES[params.type]);
}

export async function testTemplate(
  app: FastifyInstance,
  user: SessionUser,
  params: MailTemplateParams,
  request: Required<MailTemplateRequest> & { to?: string },
): Promise<MailTestResult> {
  const mail = previewTemplate(params, request);
  return sendTest(app, user, { ...mail, to: request.to ?? user.email });
}
