import { z } from 'zod';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { EMAIL_PATTERN } from './patterns';
import { bodyIdSchema, required } from './validation';

// System properties (/backend/manager/sys/system-property, the /setting/system-property page):
// named values the platform reads. The system role sets the platform-wide ones, a customer its own,
// which win for its users and at its custom domains (docs/system-properties.md).

/** The properties the platform reads; any other name is refused. */
export const SYSTEM_PROPERTIES = ['site_title', 'support_email', 'support_url'] as const;
export type SystemPropertyName = (typeof SYSTEM_PROPERTIES)[number];

export const PROPERTY_NAME_MAX_LENGTH = 64;
export const PROPERTY_VALUE_MAX_LENGTH = 256;

export const systemPropertyNameSchema = z
  .string(required('property.name.required'))
  .trim()
  .min(1, 'property.name.required')
  .max(PROPERTY_NAME_MAX_LENGTH, 'property.name.max')
  .refine((name) => (SYSTEM_PROPERTIES as readonly string[]).includes(name), {
    message: 'property.name.unknown',
  })
  .transform((name) => name as SystemPropertyName);

export const systemPropertyRequestSchema = z
  .object({
    name: systemPropertyNameSchema,
    value: z
      .string(required('property.value.required'))
      .trim()
      .min(1, 'property.value.required')
      .max(PROPERTY_VALUE_MAX_LENGTH, 'property.value.max'),
    /** The system role: the customer whose value this is; absent for the platform-wide value. */
    customer_id: bodyIdSchema.nullish(),
  })
  // The values the login page links to must be what their names say.
  .superRefine(({ name, value }, ctx) => {
    if (name === 'support_url' && !/^https?:\/\/[^\s]+$/i.test(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'property.url' });
    }
    if (name === 'support_email' && !EMAIL_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.email.format' });
    }
  });
export type SystemPropertyRequest = z.input<typeof systemPropertyRequestSchema>;

export const systemPropertyItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string(),
  /** Null: the platform-wide value. */
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  updated_at: z.string(),
});
export type SystemPropertyItem = z.infer<typeof systemPropertyItemSchema>;
export const systemPropertyListSchema = z.object({ list: z.array(systemPropertyItemSchema) });

// ── Operations: holders of setting:custom-domain-rule:list, as the spec's route says ────────────
const PROPERTY = '/backend/manager/sys/system-property';
const ACCESS = 'setting:custom-domain-rule:list';

export const systemPropertyOperations = {
  list: operation({ method: 'GET', path: PROPERTY, response: systemPropertyListSchema, access: ACCESS }),
  create: operation({
    method: 'POST',
    path: PROPERTY,
    body: systemPropertyRequestSchema,
    response: systemPropertyItemSchema,
    access: ACCESS,
  }),
  update: operation({
    method: 'PUT',
    path: `${PROPERTY}/:id`,
    params: idParamsSchema,
    body: systemPropertyRequestSchema,
    response: systemPropertyItemSchema,
    access: ACCESS,
  }),
  delete: operation({
    method: 'DELETE',
    path: `${PROPERTY}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: ACCESS,
  }),
};
