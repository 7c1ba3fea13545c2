import { z } from 'zod';
import { contentItemSchema } from './content';
import { UPLOAD_SIZE_100MB } from './limits';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { bodyIdSchema, nameSchema } from './validation';

// Mobile templates (/content/tmp): H5 content (ContentType.h5), an HTML5 package uploaded as a zip
// through the chunked upload, extracted on the server and shown sandboxed; and their template
// types (/setting/tmptype, /backend/manager/template-type). A type without a company is a platform
// type (the shipped ones, and those the platform roles add), offered to every company; a company's
// own types are its own only, like fonts.

// ── H5 packages ─────────────────────────────────────────────────────────────────────────────

/** The zip itself. */
export const H5_MAX_ZIP_BYTES = UPLOAD_SIZE_100MB;
/** Entries a package may hold (files and folders). */
export const H5_MAX_ENTRIES = 1000;
/** Bytes a package may unpack to, counted as they inflate (a header may lie). */
export const H5_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** The page a package opens with, at its root or in its one top folder. */
export const H5_ENTRY_FILE = 'index.html';

/** Where an extracted package's files are served: /backend/media/h5/<hash>/<path>. */
export const h5BaseUrl = (hash: string) => `/backend/media/h5/${hash}/`;
/** The page to show an extracted package with (in a sandboxed iframe). */
export const h5EntryUrl = (hash: string) => `${h5BaseUrl(hash)}${H5_ENTRY_FILE}`;

/** PUT resource/:id/template-type (res:template:list): the type of an H5 content, or none. */
export const h5TemplateTypeRequestSchema = z.object({
  template_type_id: bodyIdSchema.nullable(),
});
export type H5TemplateTypeRequest = z.input<typeof h5TemplateTypeRequestSchema>;

// ── Template types ──────────────────────────────────────────────────────────────────────────

/** Message keys of the shipped platform types' names, by their key in the migration. */
export const SHIPPED_TEMPLATE_TYPES = ['menuBoard', 'promotion', 'information', 'welcome'] as const;
export type ShippedTemplateType = (typeof SHIPPED_TEMPLATE_TYPES)[number];
/** The message key a shipped type's name is shown with (`templateType.shipped.<key>`). */
export const shippedTemplateTypeKey = (key: ShippedTemplateType) => `templateType.shipped.${key}`;

export const TEMPLATE_TYPE_SORT_MAX = 9999;

/** POST template-type, PUT template-type/:id. */
export const templateTypeRequestSchema = z.object({
  name: nameSchema,
  /** Lower first. */
  sort: z
    .number({ error: 'validation.templateType.sort' })
    .int('validation.templateType.sort')
    .min(0, 'validation.templateType.sort')
    .max(TEMPLATE_TYPE_SORT_MAX, 'validation.templateType.sort')
    .default(0),
});
export type TemplateTypeRequest = z.input<typeof templateTypeRequestSchema>;

export const templateTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** A shipped type: its name's message key, shown translated (`name` is its English name). */
  name_key: z.string().nullable(),
  sort: z.number(),
  /** Offered to every company, kept by the platform. */
  platform: z.boolean(),
  /** Whether the caller may rename and delete it. */
  editable: z.boolean(),
  /** H5 contents of the caller's scope of this type. */
  content_count: z.number(),
  created_at: z.string(),
});
export type TemplateType = z.infer<typeof templateTypeSchema>;

/** GET template-type: every type the caller sees, by sort then name (a short list, not paged). */
export const templateTypeListSchema = z.array(templateTypeSchema);

// ── Operations ──────────────────────────────────────────────────────────────────────────────
// Those who handle mobile templates pick types, so they may list them; changing them needs
// setting:template-type:list.

const TEMPLATE_TYPE = '/backend/manager/template-type';

export const templateTypeOperations = {
  list: operation({
    method: 'GET',
    path: TEMPLATE_TYPE,
    response: templateTypeListSchema,
    access: ['res:template:list', 'setting:template-type:list'],
  }),
  create: operation({
    method: 'POST',
    path: TEMPLATE_TYPE,
    body: templateTypeRequestSchema,
    response: templateTypeSchema,
    access: 'setting:template-type:list',
  }),
  update: operation({
    method: 'PUT',
    path: `${TEMPLATE_TYPE}/:id`,
    params: idParamsSchema,
    body: templateTypeRequestSchema,
    response: templateTypeSchema,
    access: 'setting:template-type:list',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${TEMPLATE_TYPE}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'setting:template-type:list',
  }),
  /** The type of an H5 content (/content/tmp), or none. */
  setContentType: operation({
    method: 'PUT',
    path: '/backend/manager/resource/:id/template-type',
    params: idParamsSchema,
    body: h5TemplateTypeRequestSchema,
    response: contentItemSchema,
    access: 'res:template:list',
  }),
};
