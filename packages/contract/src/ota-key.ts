import { z } from 'zod';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { OTA_SKIP_REASONS } from './ota-plan';
import { idsRequestSchema, idsSchema } from './team';
import { listQuerySchema, listResultSchema, nameSchema, required, textSchema } from './validation';

// The platform's OTA keys (docs/ota.md "App keys", "Validation exemptions", "Device keys"):
// app keys let player applications other than Vitrine's browser player say hello; validation
// exemptions let a plan install a device it would skip (another model, a downgrade); device keys
// guard a device's package downloads beside its token. Secrets are shown once and stored hashed.

/** An application id in reverse-domain form: com.acme.signage (letters, digits, _; two parts or more). */
export const APP_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
export const APP_PACKAGE_MAX_LENGTH = 128;

export const appPackageSchema = z
  .string(required('validation.otaKey.package.required'))
  .trim()
  .min(1, 'validation.otaKey.package.required')
  .max(APP_PACKAGE_MAX_LENGTH, 'validation.otaKey.package.format')
  .regex(APP_PACKAGE_PATTERN, 'validation.otaKey.package.format');

// ── App keys (/ota/appkey) ───────────────────────────────────────────────────────────────────

/** POST ota/appkey: a key for one application package (one key per package). */
export const appKeyCreateRequestSchema = z.object({
  name: nameSchema,
  package: appPackageSchema,
});
export type AppKeyCreateRequest = z.input<typeof appKeyCreateRequestSchema>;

export const appKeyItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  package: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** The last hello it let through; null: never used. */
  last_used_at: z.string().nullable(),
});
export type AppKeyItem = z.infer<typeof appKeyItemSchema>;

/** Creating or rotating a key: its secret, shown this once (the server keeps only its hash). */
export const appKeySecretSchema = z.object({ key: appKeyItemSchema, secret: z.string() });
export type AppKeySecret = z.infer<typeof appKeySecretSchema>;

export const APP_KEY_SORT_COLUMNS = ['name', 'package', 'created_at', 'last_used_at'] as const;
export const appKeyListQuerySchema = listQuerySchema(APP_KEY_SORT_COLUMNS);
export type AppKeyListQuery = z.input<typeof appKeyListQuerySchema>;
export const appKeyListSchema = listResultSchema(appKeyItemSchema);

// ── Validation exemptions (/ota/validation-exemption) ────────────────────────────────────────

/** The validations a plan applies at creation (its skip reasons) that a device may be exempted from. */
export const OTA_VALIDATIONS = OTA_SKIP_REASONS;
export type OtaValidation = (typeof OTA_VALIDATIONS)[number];

export const exemptionCreateRequestSchema = z.object({
  validation: z.enum(OTA_VALIDATIONS, { error: 'validation.otaKey.validation' }),
  device_ids: idsSchema,
  description: textSchema.trim().default(''),
});
export type ExemptionCreateRequest = z.input<typeof exemptionCreateRequestSchema>;

const keyDeviceSchema = z.object({ id: z.number(), name: z.string(), signage_id: z.string() });

export const exemptionItemSchema = z.object({
  id: z.number(),
  validation: z.enum(OTA_VALIDATIONS),
  description: z.string(),
  devices: z.array(keyDeviceSchema),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type ExemptionItem = z.infer<typeof exemptionItemSchema>;

export const EXEMPTION_SORT_COLUMNS = ['created_at'] as const;
export const exemptionListQuerySchema = listQuerySchema(EXEMPTION_SORT_COLUMNS).extend({
  validation: z.enum(OTA_VALIDATIONS, { error: 'validation.otaKey.validation' }).optional(),
});
export type ExemptionListQuery = z.input<typeof exemptionListQuerySchema>;
export const exemptionListSchema = listResultSchema(exemptionItemSchema);

// ── Device keys (/ota/device-key) ────────────────────────────────────────────────────────────

/** POST ota/device-key: issues a key to each device (a device that has one gets a new one). */
export const deviceKeyIssueRequestSchema = z.object({ device_ids: idsSchema });
export type DeviceKeyIssueRequest = z.input<typeof deviceKeyIssueRequestSchema>;

/** A device's key as listed: the device is its id (one key per device). */
export const deviceKeyItemSchema = z.object({
  device_id: z.number(),
  device_name: z.string(),
  signage_id: z.string(),
  company_name: z.string().nullable(),
  issued_by: z.string().nullable(),
  issued_at: z.string(),
  /** The last download it let through; null: never used. */
  last_used_at: z.string().nullable(),
});
export type DeviceKeyItem = z.infer<typeof deviceKeyItemSchema>;

/** The keys just issued, shown this once: the player sends one as X-Device-Key. */
export const deviceKeyIssuedSchema = z.object({
  keys: z.array(
    z.object({ device_id: z.number(), device_name: z.string(), signage_id: z.string(), key: z.string() }),
  ),
});
export type DeviceKeyIssued = z.infer<typeof deviceKeyIssuedSchema>;

export const DEVICE_KEY_SORT_COLUMNS = ['device_name', 'issued_at', 'last_used_at'] as const;
export const deviceKeyListQuerySchema = listQuerySchema(DEVICE_KEY_SORT_COLUMNS);
export type DeviceKeyListQuery = z.input<typeof deviceKeyListQuerySchema>;
export const deviceKeyListSchema = listResultSchema(deviceKeyItemSchema);

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const APP_KEY = '/backend/manager/ota/appkey';
const EXEMPTION = '/backend/manager/ota/validation-exemption';
const DEVICE_KEY = '/backend/manager/ota/device-key';

/**
 * App keys, validation exemptions and device keys (spec 000 §2): each page's key, which only the
 * platform's roles may hold, and the server serves them to the platform alone (as packages).
 */
export const otaKeyOperations = {
  appKeyList: operation({
    method: 'GET',
    path: APP_KEY,
    query: appKeyListQuerySchema,
    response: appKeyListSchema,
    access: 'ota:appkey:list',
  }),
  appKeyCreate: operation({
    method: 'POST',
    path: APP_KEY,
    body: appKeyCreateRequestSchema,
    response: appKeySecretSchema,
    access: 'ota:appkey:list',
  }),
  appKeyRotate: operation({
    method: 'POST',
    path: `${APP_KEY}/:id/rotate`,
    params: idParamsSchema,
    response: appKeySecretSchema,
    access: 'ota:appkey:list',
  }),
  appKeyDeleteMany: operation({
    method: 'DELETE',
    path: APP_KEY,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'ota:appkey:list',
  }),
  exemptionList: operation({
    method: 'GET',
    path: EXEMPTION,
    query: exemptionListQuerySchema,
    response: exemptionListSchema,
    access: 'ota:custom-validation-rule:list',
  }),
  exemptionCreate: operation({
    method: 'POST',
    path: EXEMPTION,
    body: exemptionCreateRequestSchema,
    response: exemptionItemSchema,
    access: 'ota:custom-validation-rule:list',
  }),
  exemptionDeleteMany: operation({
    method: 'DELETE',
    path: EXEMPTION,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'ota:custom-validation-rule:list',
  }),
  deviceKeyList: operation({
    method: 'GET',
    path: DEVICE_KEY,
    query: deviceKeyListQuerySchema,
    response: deviceKeyListSchema,
    access: 'ota:device-key:list',
  }),
  deviceKeyIssue: operation({
    method: 'POST',
    path: DEVICE_KEY,
    body: deviceKeyIssueRequestSchema,
    response: deviceKeyIssuedSchema,
    access: 'ota:device-key:list',
  }),
  /** Revokes the keys of these devices (ids are device ids): they download with their token alone again. */
  deviceKeyRevoke: operation({
    method: 'DELETE',
    path: DEVICE_KEY,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'ota:device-key:list',
  }),
};
