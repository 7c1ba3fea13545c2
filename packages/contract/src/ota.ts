import { z } from 'zod';
import {
  fileUploadInitSchema,
  sliceFinishRequestSchema,
  sliceInitSchema,
  slicePartQuerySchema,
  slicePartSchema,
} from './content';
import { APP_VERSION, UPLOAD_SIZE_1GB } from './limits';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { idsRequestSchema } from './team';
import {
  bodyIdSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  required,
  textSchema,
} from './validation';

// Over-the-air upgrades (/backend/manager/ota, the /ota pages; docs/ota.md). A package is a
// version of player software for one or more device models, uploaded by the platform through the
// chunked upload and checked against the MD5 the operator entered. Plans are in ota-plan.ts, app
// keys, device keys and validation exemptions in ota-key.ts.

/** The version of the player this build of Vitrine ships (apps/player/package.json). */
export const SHIPPED_PLAYER_VERSION = APP_VERSION.split(' ')[0];

/** A package's file: at most 1 GB (spec 001 §5's per-file size parameter). */
export const OTA_PACKAGE_MAX_SIZE = UPLOAD_SIZE_1GB;

/** MAJOR.MINOR.PATCH with an optional pre-release (semver 2.0.0's grammar, no build metadata). */
const NUMBER = '(0|[1-9]\\d{0,8})';
const PRE_ID = '(0|[1-9]\\d{0,8}|\\d*[A-Za-z-][0-9A-Za-z-]*)';
export const OTA_VERSION_PATTERN = new RegExp(
  `^${NUMBER}\\.${NUMBER}\\.${NUMBER}(-${PRE_ID}(\\.${PRE_ID})*)?$`,
);

export const otaVersionSchema = z
  .string(required('validation.ota.version.required'))
  .trim()
  .min(1, 'validation.ota.version.required')
  .max(64, 'validation.ota.version.format')
  .regex(OTA_VERSION_PATTERN, 'validation.ota.version.format');

/** An MD5 as 32 hexadecimal digits, kept in lower case. */
export const md5Schema = z
  .string(required('validation.ota.md5.required'))
  .trim()
  .min(1, 'validation.ota.md5.required')
  .regex(/^[0-9A-Fa-f]{32}$/, 'validation.ota.md5.format')
  .transform((md5) => md5.toLowerCase());

const modelIdsSchema = z
  .array(bodyIdSchema, { error: 'validation.ota.models' })
  .min(1, 'validation.ota.models')
  .max(200, 'validation.ids.max');

/** POST ota/package/slice-upload-init: starts (or resumes) the upload of a package's file. */
export const otaUploadInitRequestSchema = fileUploadInitSchema(OTA_PACKAGE_MAX_SIZE, 'validation.ota.size');
export type OtaUploadInitRequest = z.input<typeof otaUploadInitRequestSchema>;

/** What an operator says of a package: its description and target models. */
export const otaPackageEditRequestSchema = z.object({
  description: textSchema.trim().default(''),
  model_ids: modelIdsSchema,
});
export type OtaPackageEditRequest = z.input<typeof otaPackageEditRequestSchema>;

/** POST ota/package: the package made from a fully sent upload, once its MD5 matches. */
export const otaPackageCreateRequestSchema = otaPackageEditRequestSchema.extend({
  version: otaVersionSchema,
  md5: md5Schema,
  upload_id: sliceFinishRequestSchema.shape.upload_id,
});
export type OtaPackageCreateRequest = z.input<typeof otaPackageCreateRequestSchema>;

export const otaPackageItemSchema = z.object({
  id: z.number(),
  version: z.string(),
  description: z.string(),
  /** The player build this server ships: no file or models of its own, not deleted. */
  builtin: z.boolean(),
  md5: z.string().nullable(),
  file_name: z.string().nullable(),
  size: z.number().nullable(),
  models: z.array(z.object({ id: z.number(), name: z.string() })),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type OtaPackageItem = z.infer<typeof otaPackageItemSchema>;

export const OTA_PACKAGE_SORT_COLUMNS = ['version', 'size', 'created_at'] as const;
export const otaPackageListQuerySchema = listQuerySchema(OTA_PACKAGE_SORT_COLUMNS).extend({
  model_id: idSchema.optional(),
});
export type OtaPackageListQuery = z.input<typeof otaPackageListQuerySchema>;
export const otaPackageListSchema = listResultSchema(otaPackageItemSchema);

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const PACKAGE = '/backend/manager/ota/package';

/**
 * Packages (spec 000 §2 /ota/package): every call needs ota:pkg:list, which only the platform's
 * roles may hold, and the server serves them to the platform alone.
 */
export const otaOperations = {
  packageList: operation({
    method: 'GET',
    path: PACKAGE,
    query: otaPackageListQuerySchema,
    response: otaPackageListSchema,
    access: 'ota:pkg:list',
  }),
  packageUploadInit: operation({
    method: 'POST',
    path: `${PACKAGE}/slice-upload-init`,
    body: otaUploadInitRequestSchema,
    response: sliceInitSchema,
    access: 'ota:pkg:list',
  }),
  /** One part of the file, its raw bytes as the body (as the library's slice-upload). */
  packageUploadPart: operation({
    method: 'POST',
    path: `${PACKAGE}/slice-upload`,
    query: slicePartQuerySchema,
    response: slicePartSchema,
    access: 'ota:pkg:list',
  }),
  packageCreate: operation({
    method: 'POST',
    path: PACKAGE,
    body: otaPackageCreateRequestSchema,
    response: otaPackageItemSchema,
    access: 'ota:pkg:list',
  }),
  packageDetail: operation({
    method: 'GET',
    path: `${PACKAGE}/:id`,
    params: idParamsSchema,
    response: otaPackageItemSchema,
    access: 'ota:pkg:list',
  }),
  packageEdit: operation({
    method: 'PATCH',
    path: `${PACKAGE}/:id`,
    params: idParamsSchema,
    body: otaPackageEditRequestSchema,
    response: otaPackageItemSchema,
    access: 'ota:pkg:list',
  }),
  packageDeleteMany: operation({
    method: 'DELETE',
    path: PACKAGE,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'ota:pkg:list',
  }),
};
