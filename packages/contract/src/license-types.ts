// Licences, zod-free (the console's pages and the device list use these without the schemas).
// docs/license.md describes the model: batches issued by the platform flow down the tenancy
// (platform → customer → company → device) through a ledger, with a pool per holder and batch.

export const LICENSE_TYPES = ['commercial', 'trial'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/** permanent; `days`: effect_days counted from binding; `date`: valid until expiration_date. */
export const LICENSE_VALIDITY_TYPES = ['permanent', 'days', 'date'] as const;
export type LicenseValidityType = (typeof LICENSE_VALIDITY_TYPES)[number];

/** Who holds licences: the platform, a customer (SI), a company, or a device it is bound to. */
export const LICENSE_HOLDER_KINDS = ['platform', 'customer', 'company', 'device'] as const;
export type LicenseHolderKind = (typeof LICENSE_HOLDER_KINDS)[number];

/** A device's licence state: none bound, valid, expired, or whitelisted (its MAC is on the platform's whitelist: no licence needed). */
export const DEVICE_LICENSE_STATES = ['none', 'valid', 'expired', 'whitelisted'] as const;
export type DeviceLicenseState = (typeof DEVICE_LICENSE_STATES)[number];

/** The platform's trial terms until a system role changes them: 30 days, 10 trials per company. */
export const TRIAL_DEFAULTS = { days: 30, limit: 10 } as const;
/** Bounds of the trial terms: a trial lasts 1–365 days; a company may use 0–9999 trials. */
export const TRIAL_MAX_DAYS = 365;

/**
 * What a claim did about a trial: `granted` (the device plays on a trial at once), `exhausted` (the
 * company used all its trials: the device needs a licence) or `none` (it had its trial before).
 */
export const CLAIM_TRIALS = ['granted', 'exhausted', 'none'] as const;
export type ClaimTrial = (typeof CLAIM_TRIALS)[number];
