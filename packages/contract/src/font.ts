import { z } from 'zod';
import { fileNameSchema } from './content';
import { idParamsSchema, noDataSchema, operation } from './operation';

import { listQuerySchema, listResultSchema, nameSchema } from './validation';

// Fonts (/backend/manager/font, the /setting/font page): files that text messages and compositions
// use by a CSS family name of their own. A platform font (uploaded by the system roles) is offered
// to every company; a company font only to its own company. Uploaded whole in one request: the raw
// bytes as application/octet-stream, the file name in the query.

export const FONT_FORMATS = ['ttf', 'otf', 'woff', 'woff2'] as const;
export type FontFormat = (typeof FONT_FORMATS)[number];

/** What `accept` of the console's file input lists. */
export const FONT_ACCEPT = FONT_FORMATS.map((format) => `.${format}`).join(',');

/** The format a file name claims by its extension, or undefined. */
export function fontFormatOf(fileName: string): FontFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return (FONT_FORMATS as readonly string[]).includes(extension) ? (extension as FontFormat) : undefined;
}

/** POST font?name=…, the body the file's bytes. */
export const fontUploadQuerySchema = z.object({ name: fileNameSchema });
export type FontUploadQuery = z.input<typeof fontUploadQuerySchema>;

export const fontRenameRequestSchema = z.object({ name: nameSchema });
export type FontRenameRequest = z.input<typeof fontRenameRequestSchema>;

/** DELETE font/:id?detach=1: text messages using it fall back to the default font. */
export const fontDeleteQuerySchema = z.object({
  detach: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const fontItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The CSS font-family name the console and players load the file under. */
  family: z.string(),
  format: z.enum(FONT_FORMATS),
  size: z.number(),
  /** Where the file is served, by hash. */
  url: z.string(),
  /** Offered to every company, kept by the platform. */
  platform: z.boolean(),
  /** Whether the caller may rename and delete it. */
  editable: z.boolean(),
  uploader_name: z.string().nullable(),
  created_at: z.string(),
});
export type FontItem = z.infer<typeof fontItemSchema>;

export const FONT_SORT_COLUMNS = ['name', 'size', 'created_at'] as const;
export const fontListQuerySchema = listQuerySchema(FONT_SORT_COLUMNS);
export type FontListQuery = z.input<typeof fontListQuerySchema>;
export const fontListSchema = listResultSchema(fontItemSchema);

// ── Operations ──────────────────────────────────────────────────────────────────────────────
// Those who edit texts and compositions pick fonts, so they may list them; changing them needs
// setting:font-manage.

const FONT = '/backend/manager/font';

export const fontOperations = {
  list: operation({
    method: 'GET',
    path: FONT,
    query: fontListQuerySchema,
    response: fontListSchema,
    access: ['setting:font-manage', 'res:text:list', 'res:composition:list'],
  }),
  /** The file's raw bytes as the body, its name in the query. */
  upload: operation({
    method: 'POST',
    path: FONT,
    query: fontUploadQuerySchema,
    response: fontItemSchema,
    access: 'setting:font-manage',
  }),
  rename: operation({
    method: 'PATCH',
    path: `${FONT}/:id`,
    params: idParamsSchema,
    body: fontRenameRequestSchema,
    response: fontItemSchema,
    access: 'setting:font-manage',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${FONT}/:id`,
    params: idParamsSchema,
    query: fontDeleteQuerySchema,
    response: noDataSchema,
    access: 'setting:font-manage',
  }),
};
