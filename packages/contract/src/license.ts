import { z } from 'zod';
import {
  DEVICE_LICENSE_STATES,
  LICENSE_HOLDER_KINDS,
  LICENSE_TYPES,
  LICENSE_VALIDITY_TYPES,
  TRIAL_MAX_DAYS,
} from './license-types';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { idsSchema } from './team';
import {
  bodyIdSchema,
  countSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  macBatchSchema,
} from './validation';

// Licences (/backend/manager/license, the /license pages): the platform issues batches to
// customers, a customer assigns from its pool to its companies, an owner binds from the company's
// pool to its devices. Every move is a ledger row (a transfer); docs/license.md has the model.

/** A number of licences: whole, above 0, below QUANTITY_LIMIT. */
export const licenseQuantitySchema = countSchema('validation.license.quantity');

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const licenseBatchCreateRequestSchema = z
  .object({
    type: z.enum(LICENSE_TYPES, { error: 'validation.license.type' }),
    batch_no: z
      .string({ error: 'validation.license.batchNo' })
      .trim()
      .min(1, 'validation.license.batchNo')
      .max(64, 'validation.license.batchNo')
      .regex(/^[A-Za-z0-9._-]+$/, 'validation.license.batchNo'),
    validity_type: z.enum(LICENSE_VALIDITY_TYPES, { error: 'validation.license.validity' }),
    /** Days from binding; required when validity_type is `days`. */
    effect_days: z
      .number({ error: 'validation.license.effectDays' })
      .int('validation.license.effectDays')
      .min(1, 'validation.license.effectDays')
      .max(36500, 'validation.license.effectDays')
      .nullish(),
    /** YYYY-MM-DD, the last valid day (UTC); required when validity_type is `date`. */
    expiration_date: z.string().regex(DATE_PATTERN, 'validation.license.expirationDate').nullish(),
    quantity: licenseQuantitySchema,
    /** How many times a licence key of the batch may be used, unless the key says otherwise. */
    max_use_times: countSchema('validation.license.maxUseTimes').default(1),
  })
  .refine((b) => b.validity_type !== 'days' || b.effect_days != null, {
    message: 'validation.license.effectDays',
    path: ['effect_days'],
  })
  .refine((b) => b.validity_type !== 'date' || b.expiration_date != null, {
    message: 'validation.license.expirationDate',
    path: ['expiration_date'],
  });
export type LicenseBatchCreateRequest = z.input<typeof licenseBatchCreateRequestSchema>;

const batchFields = {
  /** The batch's id. */
  batch_id: z.number(),
  type: z.enum(LICENSE_TYPES),
  batch_no: z.string(),
  validity_type: z.enum(LICENSE_VALIDITY_TYPES),
  effect_days: z.number().nullable(),
  expiration_date: z.string().nullable(),
  max_use_times: z.number(),
};

/**
 * A holder's balance of one batch: `quantity` received, `assigned` passed on (to companies,
 * devices), `unassigned` = quantity − assigned, `available` = unassigned while the batch is
 * still valid (0 after its expiration date).
 */
const balanceFields = {
  quantity: z.number(),
  assigned: z.number(),
  unassigned: z.number(),
  available: z.number(),
};

/** A batch as the platform sees it: its balance is the platform's (issued = assigned). */
export const licenseBatchItemSchema = z.object({
  ...batchFields,
  ...balanceFields,
  created_by: z.string(),
  created_at: z.string(),
});
export type LicenseBatchItem = z.infer<typeof licenseBatchItemSchema>;

export const LICENSE_BATCH_SORT_COLUMNS = ['batch_no', 'created_at'] as const;
export const licenseBatchListQuerySchema = listQuerySchema(LICENSE_BATCH_SORT_COLUMNS).extend({
  type: z.enum(LICENSE_TYPES, { error: 'validation.license.type' }).optional(),
});
export type LicenseBatchListQuery = z.input<typeof licenseBatchListQuerySchema>;
export const licenseBatchListSchema = listResultSchema(licenseBatchItemSchema);

/** A customer's or a company's balance of one batch. */
export const licensePoolItemSchema = z.object({ ...batchFields, ...balanceFields });
export type LicensePoolItem = z.infer<typeof licensePoolItemSchema>;
export const licensePoolSchema = z.object({ list: z.array(licensePoolItemSchema) });

export const licenseIssueRequestSchema = z.object({
  customer_id: bodyIdSchema,
  quantity: licenseQuantitySchema,
});
export type LicenseIssueRequest = z.input<typeof licenseIssueRequestSchema>;

export const licenseAssignRequestSchema = z.object({
  batch_id: bodyIdSchema,
  company_id: bodyIdSchema,
  quantity: licenseQuantitySchema,
});
export type LicenseAssignRequest = z.input<typeof licenseAssignRequestSchema>;

const holderSchema = z.object({
  kind: z.enum(LICENSE_HOLDER_KINDS),
  /** The customer's or company's id; null for the platform. */
  id: z.number().nullable(),
  name: z.string(),
});

/** One ledger row: `quantity` licences of a batch moved from one holder to another. */
export const licenseTransferSchema = z.object({
  id: z.number(),
  ...batchFields,
  from: holderSchema,
  to: holderSchema,
  quantity: z.number(),
  created_by: z.string(),
  created_at: z.string(),
});
export type LicenseTransfer = z.infer<typeof licenseTransferSchema>;

export const licenseTransferListQuerySchema = listQuerySchema(['created_at'] as const).extend({
  batch_id: idSchema.optional(),
});
export type LicenseTransferListQuery = z.input<typeof licenseTransferListQuerySchema>;
export const licenseTransferListSchema = listResultSchema(licenseTransferSchema);

// ── Devices ─────────────────────────────────────────────────────────────────────────────────

export const licenseBindRequestSchema = z.object({
  device_id: bodyIdSchema,
  batch_id: bodyIdSchema,
});
export type LicenseBindRequest = z.input<typeof licenseBindRequestSchema>;

/** The licence a device holds: its batch, when it was bound, when it expires (null: never). */
export const deviceLicenseSchema = z.object({
  ...batchFields,
  bound_at: z.string(),
  expires_at: z.string().nullable(),
});
export type DeviceLicense = z.infer<typeof deviceLicenseSchema>;

/**
 * A device's licence state and the licence it holds (null: none bound). Each item of the device
 * list and the detail carries it (as `license`, without `device_id`); GET device answers it for
 * devices named by id.
 */
export const deviceLicenseStatusSchema = z.object({
  device_id: z.number(),
  state: z.enum(DEVICE_LICENSE_STATES),
  license: deviceLicenseSchema.nullable(),
});
export type DeviceLicenseStatus = z.infer<typeof deviceLicenseStatusSchema>;

/** What binding answers: the device's new licence, and the one it replaced (null: none). */
export const licenseBindResultSchema = z.object({
  device_id: z.number(),
  license: deviceLicenseSchema,
  replaced: deviceLicenseSchema.nullable(),
});
export type LicenseBindResult = z.infer<typeof licenseBindResultSchema>;

export const deviceLicenseQuerySchema = z.object({
  /** Comma-separated device ids (a page of the device list), at most 200. */
  device_ids: z
    .string({ error: 'validation.ids.required' })
    .transform((text) => text.split(',').filter(Boolean).map(Number))
    .pipe(z.array(bodyIdSchema).min(1, 'validation.ids.required').max(200, 'validation.ids.max')),
});
export type DeviceLicenseQuery = z.input<typeof deviceLicenseQuerySchema>;
export const deviceLicenseListSchema = z.object({ list: z.array(deviceLicenseStatusSchema) });

// ── Trials ──────────────────────────────────────────────────────────────────────────────────

/** The platform's trial terms: how long a trial lasts and how many trials one company may use. */
export const trialTermsSchema = z.object({
  days: z
    .number({ error: 'validation.license.trialDays' })
    .int('validation.license.trialDays')
    .min(1, 'validation.license.trialDays')
    .max(TRIAL_MAX_DAYS, 'validation.license.trialDays'),
  limit: countSchema('validation.license.trialLimit', 0),
});
export type TrialTerms = z.infer<typeof trialTermsSchema>;

/** A company's trials: how many it used of the limit. */
export const trialUsageItemSchema = z.object({
  company_id: z.number(),
  company_name: z.string(),
  used: z.number(),
  limit: z.number(),
});
export type TrialUsageItem = z.infer<typeof trialUsageItemSchema>;
export const trialUsageQuerySchema = listQuerySchema(['company_name', 'used'] as const);
export type TrialUsageQuery = z.input<typeof trialUsageQuerySchema>;
export const trialUsageListSchema = listResultSchema(trialUsageItemSchema);

/** A device of the caller's company holding a trial licence (expired or not). */
export const trialDeviceSchema = z.object({
  device_id: z.number(),
  device_name: z.string(),
  expires_at: z.string(),
});
export type TrialDevice = z.infer<typeof trialDeviceSchema>;
export const trialDeviceQuerySchema = listQuerySchema(['expires_at'] as const);
export type TrialDeviceQuery = z.input<typeof trialDeviceQuerySchema>;
export const trialDeviceListSchema = listResultSchema(trialDeviceSchema);

// ── Licence keys ────────────────────────────────────────────────────────────────────────────

/** Crockford base32: no I, L, O, U, so a key read aloud is not misheard. */
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 random bytes = 160 bits = 32 characters, shown in groups of 4. */
export const LICENSE_KEY_BYTES = 20;

/** A key's text as entered, reduced to its characters: case, spaces and dashes do not matter. */
export const normalizeLicenseKey = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

/** Random bytes as a key: base32 groups of 4 joined by dashes. */
export function formatLicenseKey(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += KEY_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += KEY_ALPHABET[(value << (5 - bits)) & 31];
  return text.match(/.{1,4}/g)?.join('-') ?? '';
}

const licenseKeyTextSchema = z
  .string({ error: 'validation.license.key' })
  .trim()
  .min(1, 'validation.license.key')
  .max(80, 'validation.license.key');

export const licenseKeyCreateRequestSchema = z.object({
  /** How many devices the key may bind; the batch's max use times when left out. */
  max_use_times: countSchema('validation.license.maxUseTimes').nullish(),
});
export type LicenseKeyCreateRequest = z.input<typeof licenseKeyCreateRequestSchema>;

/** A key as the platform lists it: its last group (`hint`) and how often it was used. */
export const licenseKeyItemSchema = z.object({
  id: z.number(),
  ...batchFields,
  hint: z.string(),
  uses: z.number(),
  max_uses: z.number(),
  created_by: z.string(),
  created_at: z.string(),
});
export type LicenseKeyItem = z.infer<typeof licenseKeyItemSchema>;
export const licenseKeyListSchema = z.object({ list: z.array(licenseKeyItemSchema) });

/** A key just made: the only answer that carries the key itself. */
export const licenseKeyCreatedSchema = licenseKeyItemSchema.extend({ key: z.string() });
export type LicenseKeyCreated = z.infer<typeof licenseKeyCreatedSchema>;

export const licenseKeyQuerySchema = z.object({ key: licenseKeyTextSchema });
export type LicenseKeyQuery = z.input<typeof licenseKeyQuerySchema>;

/** A device a key bound (of those in the caller's scope). */
export const licenseKeyDeviceSchema = z.object({
  device_id: z.number(),
  device_name: z.string(),
  bound_at: z.string(),
});
export type LicenseKeyDevice = z.infer<typeof licenseKeyDeviceSchema>;

/** What searching a key answers: its batch, its use count, the caller's devices it bound. */
export const licenseKeyDetailSchema = licenseKeyItemSchema
  .omit({ created_by: true })
  .extend({ devices: z.array(licenseKeyDeviceSchema) });
export type LicenseKeyDetail = z.infer<typeof licenseKeyDetailSchema>;

export const licenseKeyBindRequestSchema = z.object({
  key: licenseKeyTextSchema,
  device_id: bodyIdSchema,
});
export type LicenseKeyBindRequest = z.input<typeof licenseKeyBindRequestSchema>;

/** Wrong keys allowed per user and per address within LICENSE_KEY_WINDOW_MINUTES. */
export const LICENSE_KEY_ATTEMPTS = 5;
export const LICENSE_KEY_WINDOW_MINUTES = 15;

// ── MAC whitelist ───────────────────────────────────────────────────────────────────────────

export const whitelistAddRequestSchema = z.object({
  /** aa:aa:aa:aa:aa:aa each, stored lower-cased; duplicates are refused by name. */
  macs: macBatchSchema,
  note: z.string({ error: 'validation.mac.note' }).trim().max(256, 'validation.mac.note').default(''),
});
export type WhitelistAddRequest = z.input<typeof whitelistAddRequestSchema>;

export const whitelistItemSchema = z.object({
  id: z.number(),
  mac: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type WhitelistItem = z.infer<typeof whitelistItemSchema>;
export const whitelistListQuerySchema = listQuerySchema(['mac', 'created_at'] as const);
export type WhitelistListQuery = z.input<typeof whitelistListQuerySchema>;
export const whitelistListSchema = listResultSchema(whitelistItemSchema);
export const whitelistDeleteRequestSchema = z.object({ ids: idsSchema });
export type WhitelistDeleteRequest = z.input<typeof whitelistDeleteRequestSchema>;

// ── Operations ──────────────────────────────────────────────────────────────────────────────
/** A pool whose counts are not the ledger's sums (docs/license.md "Ledger health"). */
export const poolOffLedgerSchema = z.object({
  holder_kind: z.enum(LICENSE_HOLDER_KINDS),
  holder_id: z.number(),
  batch_id: z.number(),
  batch_no: z.string(),
  expected_received: z.number(),
  received: z.number(),
  expected_held: z.number(),
  held: z.number(),
});
export type PoolOffLedger = z.infer<typeof poolOffLedgerSchema>;

/** The platform's own licence state: abnormal while any pool disagrees with the ledger. */
export const licenseHealthSchema = z.object({ abnormal: z.boolean(), pools: z.array(poolOffLedgerSchema) });
export type LicenseHealth = z.infer<typeof licenseHealthSchema>;

const LICENSE = '/backend/manager/license';

/**
 * Licences (spec 000 §2 /license/...): the platform's batches need license:commercial:list (list,
 * create, issue: no other key fits), the customer's pool and assignments license:shunt:list, the
 * company's pool and binding license:company-shunt:list. Each answer is scoped to the caller's holder.
 */
export const licenseOperations = {
  /** The ledger's integrity check, for the platform's licence pages (spec 001 §8 "system license is abnormal"). */
  health: operation({
    method: 'GET',
    path: `${LICENSE}/health`,
    response: licenseHealthSchema,
    access: 'license:commercial:list',
  }),
  batchList: operation({
    method: 'GET',
    path: `${LICENSE}/batch`,
    query: licenseBatchListQuerySchema,
    response: licenseBatchListSchema,
    access: 'license:commercial:list',
  }),
  batchCreate: operation({
    method: 'POST',
    path: `${LICENSE}/batch`,
    body: licenseBatchCreateRequestSchema,
    response: licenseBatchItemSchema,
    access: 'license:commercial:list',
  }),
  /** The platform issues licences of a batch to a customer. */
  issue: operation({
    method: 'POST',
    path: `${LICENSE}/batch/:id/issue`,
    params: idParamsSchema,
    body: licenseIssueRequestSchema,
    response: licenseTransferSchema,
    access: 'license:commercial:list',
  }),
  /** The customer's pool, per batch. */
  customerPool: operation({
    method: 'GET',
    path: `${LICENSE}/shunt`,
    response: licensePoolSchema,
    access: 'license:shunt:list',
  }),
  /** A customer assigns licences of a batch to one of its companies: irreversible. */
  assign: operation({
    method: 'POST',
    path: `${LICENSE}/assign`,
    body: licenseAssignRequestSchema,
    response: licenseTransferSchema,
    access: 'license:shunt:list',
  }),
  /** The company's pool, per batch. */
  companyPool: operation({
    method: 'GET',
    path: `${LICENSE}/company-shunt`,
    response: licensePoolSchema,
    access: 'license:company-shunt:list',
  }),
  /** The ledger rows the caller's holder sent or received, newest first. */
  transferList: operation({
    method: 'GET',
    path: `${LICENSE}/transfer`,
    query: licenseTransferListQuerySchema,
    response: licenseTransferListSchema,
    access: ['license:commercial:list', 'license:shunt:list', 'license:company-shunt:list'],
  }),
  /** One ledger row (the /license/assign/:id page). */
  transferDetail: operation({
    method: 'GET',
    path: `${LICENSE}/transfer/:id`,
    params: idParamsSchema,
    response: licenseTransferSchema,
    access: ['license:commercial:list', 'license:shunt:list', 'license:company-shunt:list'],
  }),
  /** An owner binds a licence of the company's pool to one of its devices. */
  bind: operation({
    method: 'POST',
    path: `${LICENSE}/bind`,
    body: licenseBindRequestSchema,
    response: licenseBindResultSchema,
    access: 'license:company-shunt:list',
  }),
  /** The licence state of devices in the caller's scope (the device list and detail). */
  deviceLicenses: operation({
    method: 'GET',
    path: `${LICENSE}/device`,
    query: deviceLicenseQuerySchema,
    response: deviceLicenseListSchema,
    access: ['device:dev:list', 'device:dev:info', 'license:company-shunt:list'],
  }),
  /** The trial terms (the /license/trial page). */
  trialTerms: operation({
    method: 'GET',
    path: `${LICENSE}/trial`,
    response: trialTermsSchema,
    access: 'license:trial:info',
  }),
  /** Changes the trial terms: system roles only (an owner reads them). */
  trialTermsSave: operation({
    method: 'PUT',
    path: `${LICENSE}/trial`,
    body: trialTermsSchema,
    response: trialTermsSchema,
    access: 'license:trial:info',
  }),
  /** Trials used per company: every company for the platform, its own for an owner. */
  trialUsage: operation({
    method: 'GET',
    path: `${LICENSE}/trial/usage`,
    query: trialUsageQuerySchema,
    response: trialUsageListSchema,
    access: 'license:trial:info',
  }),
  /** The caller's devices holding a trial licence, soonest expiry first. */
  trialDevices: operation({
    method: 'GET',
    path: `${LICENSE}/trial/device`,
    query: trialDeviceQuerySchema,
    response: trialDeviceListSchema,
    access: 'license:trial:info',
  }),
  /** The platform makes a licence key of a batch (shown once, in the answer). */
  keyCreate: operation({
    method: 'POST',
    path: `${LICENSE}/batch/:id/key`,
    params: idParamsSchema,
    body: licenseKeyCreateRequestSchema,
    response: licenseKeyCreatedSchema,
    access: 'license:commercial:list',
  }),
  /** The keys of a batch, newest first (system roles). */
  keyList: operation({
    method: 'GET',
    path: `${LICENSE}/batch/:id/key`,
    params: idParamsSchema,
    response: licenseKeyListSchema,
    access: 'license:commercial:list',
  }),
  /** Searches a key (the /license/license-detail page): within the caller's scope; wrong keys are rate-limited. */
  keySearch: operation({
    method: 'GET',
    path: `${LICENSE}/key`,
    query: licenseKeyQuerySchema,
    response: licenseKeyDetailSchema,
    access: 'license:key:list',
  }),
  /** An owner binds a licence to one of its devices with a key: one use of the key. */
  keyBind: operation({
    method: 'POST',
    path: `${LICENSE}/key/bind`,
    body: licenseKeyBindRequestSchema,
    response: licenseBindResultSchema,
    access: 'license:key:list',
  }),
  /** The MAC whitelist (the /license/whitelist page), searchable by address or note. */
  whitelistList: operation({
    method: 'GET',
    path: `${LICENSE}/whitelist`,
    query: whitelistListQuerySchema,
    response: whitelistListSchema,
    access: 'license:white:list',
  }),
  /** Adds up to 50 MAC addresses at once; any already listed or entered twice is named in the error. */
  whitelistAdd: operation({
    method: 'POST',
    path: `${LICENSE}/whitelist`,
    body: whitelistAddRequestSchema,
    response: z.object({ list: z.array(whitelistItemSchema) }),
    access: 'license:white:list',
  }),
  whitelistDelete: operation({
    method: 'DELETE',
    path: `${LICENSE}/whitelist`,
    body: whitelistDeleteRequestSchema,
    response: noDataSchema,
    access: 'license:white:list',
  }),
};
