import { z } from 'zod';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { bodyIdSchema } from './validation';

// Custom domains (/backend/manager/sys/custom-domain, the /setting/custom-domain page): a customer's
// own host names; the console's login page served at one shows that customer's brand.

export const HOST_MAX_LENGTH = 253;
export const HOST_LABEL_MAX_LENGTH = 63;

export type HostProblem = 'required' | 'length' | 'port' | 'dot' | 'label' | 'chars' | 'hyphen' | 'numeric';

/**
 * What is wrong with a host name (already trimmed and lowercased): labels of 1–63 letters, digits
 * and hyphens (punycode `xn--` labels among them), no hyphen at either end, at least one dot, at
 * most 253 characters, no port, and a top-level label that is not all digits (an address is no name).
 */
export function hostProblem(host: string): HostProblem | null {
  if (host === '') return 'required';
  if (host.length > HOST_MAX_LENGTH) return 'length';
  if (host.includes(':')) return 'port';
  const labels = host.split('.');
  if (labels.length < 2) return 'dot';
  for (const label of labels) {
    if (label.length === 0 || label.length > HOST_LABEL_MAX_LENGTH) return 'label';
    if (!/^[a-z0-9-]+$/.test(label)) return 'chars';
    if (label.startsWith('-') || label.endsWith('-')) return 'hyphen';
  }
  return /^[0-9]+$/.test(labels[labels.length - 1]) ? 'numeric' : null;
}

/** A host name as typed: trimmed, lowercased (DNS ignores case), then checked. */
export const hostSchema = z
  .string({ error: 'domain.host.required' })
  .transform((value) => value.trim().toLowerCase())
  .superRefine((host, ctx) => {
    const problem = hostProblem(host);
    if (problem) ctx.addIssue({ code: 'custom', message: `domain.host.${problem}` });
  });

/** A write: the host, and for the system role the customer it belongs to (a customer's own otherwise). */
export const customDomainRequestSchema = z.object({
  host: hostSchema,
  customer_id: bodyIdSchema.optional(),
});
export type CustomDomainRequest = z.input<typeof customDomainRequestSchema>;

export const customDomainItemSchema = z.object({
  id: z.number(),
  host: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  created_at: z.string(),
});
export type CustomDomainItem = z.infer<typeof customDomainItemSchema>;
export const customDomainListSchema = z.object({ list: z.array(customDomainItemSchema) });

// ── Operations: holders of setting:custom-domain-rule:list (the system role and customers) ──────
const DOMAIN = '/backend/manager/sys/custom-domain';
const ACCESS = 'setting:custom-domain-rule:list';

export const customDomainOperations = {
  list: operation({ method: 'GET', path: DOMAIN, response: customDomainListSchema, access: ACCESS }),
  create: operation({
    method: 'POST',
    path: DOMAIN,
    body: customDomainRequestSchema,
    response: customDomainItemSchema,
    access: ACCESS,
  }),
  update: operation({
    method: 'PUT',
    path: `${DOMAIN}/:id`,
    params: idParamsSchema,
    body: customDomainRequestSchema,
    response: customDomainItemSchema,
    access: ACCESS,
  }),
  delete: operation({
    method: 'DELETE',
    path: `${DOMAIN}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: ACCESS,
  }),
};
