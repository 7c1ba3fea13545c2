import { z } from 'zod';
import { ContentType } from './enums';
import {
  MAX_NAME_LENGTH,
  RECENT_PERIOD_DAYS,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_SIZE_1GB,
  UPLOAD_SIZE_100MB,
} from './limits';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { withoutBidiControls } from './patterns';
import type { Permission } from './permissions';
import { APPROVAL_STATES, rejectRequestSchema } from './schedule';
import { idsRequestSchema, idsSchema } from './team';
import {
  bodyIdSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  nameSchema,
  required,
} from './validation';

// The content library's media side (ARCHITECTURE §8): the chunked upload of spec 000 §4, §7, §9
// under /backend/manager/common, the storage info, and content under /backend/manager/resource.
// Every message is a locale key, as in validation.ts.

// ── What may be uploaded (spec 000 §5, spec 001 §5) ─────────────────────────────────────────

/** Content types that are uploaded files. */
export const FILE_CONTENT_TYPES = [
  ContentType.image,
  ContentType.video,
  ContentType.document,
  ContentType.music,
  ContentType.h5,
] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** Upload limit rule {k, t, v} (spec 000 §3): k the measure, t the comparison, v a value or a [min, max] pair. */
export const LIMIT_RULE_KEYS = ['size', 'width', 'height'] as const;
export const LIMIT_RULE_OPERATORS = ['<', '<=', '>', '>=', '=', 'between'] as const;
export const limitRuleSchema = z.object({
  k: z.enum(LIMIT_RULE_KEYS),
  t: z.enum(LIMIT_RULE_OPERATORS),
  v: z.union([z.number(), z.tuple([z.number(), z.number()])]),
});
export type LimitRule = z.infer<typeof limitRuleSchema>;

/** Whether a measured value satisfies a rule. */
export function meetsRule(rule: LimitRule, value: number): boolean {
  const { t, v } = rule;
  if (Array.isArray(v)) return t === 'between' && value >= v[0] && value <= v[1];
  switch (t) {
    case '<':
      return value < v;
    case '<=':
      return value <= v;
    case '>':
      return value > v;
    case '>=':
      return value >= v;
    case '=':
      return value === v;
    default:
      return false;
  }
}

/** 4K: the longer side of an image may be at most this many pixels (DCI 4K, either orientation). */
export const IMAGE_MAX_SIDE = 4096;

export type UploadKind = {
  type: FileContentType;
  extensions: readonly string[];
  mimes: readonly string[];
  /** Rules a file of this kind must meet, each with the message shown when it does not. */
  rules: readonly { rule: LimitRule; message: string }[];
};

/** Allowed extensions and MIME types per content type, with their limit rules. */
export const UPLOAD_KINDS: readonly UploadKind[] = [
  {
    type: ContentType.image,
    extensions: ['jpg', 'jpeg', 'png'],
    mimes: ['image/jpeg', 'image/png'],
    rules: [
      { rule: { k: 'size', t: '<=', v: UPLOAD_SIZE_100MB }, message: 'upload.tooLarge100' },
      { rule: { k: 'width', t: '<=', v: IMAGE_MAX_SIDE }, message: 'upload.imageAbove4k' },
      { rule: { k: 'height', t: '<=', v: IMAGE_MAX_SIDE }, message: 'upload.imageAbove4k' },
    ],
  },
  {
    type: ContentType.video,
    extensions: ['3gp', '3gpp', '3g2', '3gpp2', 'mp4', 'm4v', 'mov', 'qt', 'webm', 'mpeg', 'mpg', 'ts'],
    mimes: [
      'video/3gpp',
      'video/3gpp2',
      'video/mp4',
      'video/x-m4v',
      'video/quicktime',
      'video/webm',
      'video/mpeg',
      'video/mp2t',
    ],
    rules: [{ rule: { k: 'size', t: '<', v: UPLOAD_SIZE_1GB }, message: 'upload.videoAbove1g' }],
  },
  {
    type: ContentType.document,
    extensions: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'ppt', 'pptx'],
    mimes: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    rules: [{ rule: { k: 'size', t: '<=', v: UPLOAD_SIZE_100MB }, message: 'upload.tooLarge100' }],
  },
  {
    type: ContentType.music,
    extensions: ['wav', 'mp3', 'mpeg', 'mpga'],
    mimes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave', 'audio/mpeg', 'audio/mp3'],
    rules: [{ rule: { k: 'size', t: '<=', v: UPLOAD_SIZE_100MB }, message: 'upload.tooLarge100' }],
  },
  {
    // An HTML5 package (a mobile template): extracted on the server, see template.ts.
    type: ContentType.h5,
    extensions: ['zip'],
    mimes: ['application/zip', 'application/x-zip-compressed'],
    rules: [{ rule: { k: 'size', t: '<=', v: UPLOAD_SIZE_100MB }, message: 'upload.tooLarge100' }],
  },
];

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The kind a file belongs to by its name and declared MIME type: its extension decides when it is
 * known; a file without a known extension is accepted by its MIME type (spec 000 §5: "extension or
 * MIME type"). The server checks the bytes as well.
 */
export function uploadKindOf(name: string, mime?: string): UploadKind | undefined {
  const extension = extensionOf(name);
  const byName = UPLOAD_KINDS.find((kind) => kind.extensions.includes(extension));
  if (byName) return byName;
  const type = (mime ?? '').toLowerCase();
  return UPLOAD_KINDS.find((kind) => kind.mimes.includes(type));
}

/** Message key of the first rule a file's measures break, or null. Missing measures are not judged. */
export function brokenRule(
  kind: UploadKind,
  measures: { size?: number; width?: number; height?: number },
): string | null {
  for (const { rule, message } of kind.rules) {
    const value = measures[rule.k];
    if (value !== undefined && !meetsRule(rule, value)) return message;
  }
  return null;
}

/** The list permission that opens each content type's page, and its calls (spec 000 §2). */
export const CONTENT_TYPE_PERMISSION = {
  [ContentType.image]: 'res:image:list',
  [ContentType.video]: 'res:video:list',
  [ContentType.website]: 'res:link:list',
  [ContentType.document]: 'res:document:list',
  [ContentType.music]: 'res:music:list',
  [ContentType.stream]: 'res:stream:list',
  [ContentType.h5]: 'res:template:list',
} as const satisfies Partial<Record<ContentType, Permission>>;
export type LibraryContentType = keyof typeof CONTENT_TYPE_PERMISSION;
export const LIBRARY_CONTENT_TYPES = Object.keys(CONTENT_TYPE_PERMISSION).map(Number) as LibraryContentType[];

/** Pages of a document rendered to images for screens (the first ones when there are more). */
export const DOCUMENT_PAGE_LIMIT = 200;
/** The longer side of a rendered page, in pixels. */
export const DOCUMENT_PAGE_SIDE = 1920;

// ── Chunked upload (spec 000 §4, §7) ────────────────────────────────────────────────────────

/** What a finished upload becomes: library content, an OTA package (ota.ts), or a startup video or logo (startup.ts). */
export const UPLOAD_PURPOSES = ['content', 'package', 'startup'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** A whole file's SHA-256, lowercase hex. */
export const sha256Schema = z
  .string(required('validation.hash.required'))
  .regex(/^[0-9a-f]{64}$/, 'validation.hash.format');

/**
 * A file's name as shown: no path, no control characters. Direction controls are dropped rather
 * than refused: the name comes from the user's disk, and no file should fail to upload for it.
 */
export const fileNameSchema = z
  .string(required('validation.fileName.required'))
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, 'validation.fileName.required')
  .max(255, 'validation.fileName.max')
  .refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    (name) => !/[/\\\u0000-\u001f\u007f]/.test(name) && name !== '.' && name !== '..',
    'validation.fileName.format',
  );

export const fileSizeSchema = z.number().int('validation.fileSize').positive('validation.fileSize');

/** The init of an upload that is not library content (an OTA package, a startup file): the file, at most `max` bytes. */
export const fileUploadInitSchema = (max: number, tooLarge: string) =>
  z.object({ hash: sha256Schema, size: fileSizeSchema.max(max, tooLarge), name: fileNameSchema });

/** POST /manager/common/slice-upload-check: what the server already holds for this file. */
export const sliceCheckRequestSchema = z.object({ hash: sha256Schema, size: fileSizeSchema });
export type SliceCheckRequest = z.input<typeof sliceCheckRequestSchema>;
export const sliceCheckSchema = z.object({
  /** The content this tenant already has with the same bytes: nothing needs sending. */
  content_id: z.number().nullable(),
  /** An unfinished upload of the same bytes by this user, and the parts it holds. */
  upload_id: z.string().nullable(),
  parts: z.array(z.number()),
});
export type SliceCheck = z.infer<typeof sliceCheckSchema>;

/** POST /manager/common/slice-upload-init. */
export const sliceInitRequestSchema = z.object({
  hash: sha256Schema,
  size: fileSizeSchema,
  name: fileNameSchema,
  mime: z.string().max(255).default(''),
  /** Measured by the console for images; the server measures again. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  folder_id: bodyIdSchema.optional(),
});
export type SliceInitRequest = z.input<typeof sliceInitRequestSchema>;
export const sliceInitSchema = z.object({
  upload_id: z.string(),
  part_size: z.number(),
  part_count: z.number(),
  /** Parts already held (a resumed upload). */
  parts: z.array(z.number()),
  expires_at: z.string(),
});
export type SliceInit = z.infer<typeof sliceInitSchema>;

/** POST /manager/common/slice-upload?upload_id=…&index=…, the body the part's raw bytes. */
export const slicePartQuerySchema = z.object({
  upload_id: z.string().regex(/^[0-9a-f-]{36}$/, 'validation.upload'),
  index: z.coerce.number().int().min(0, 'validation.partIndex'),
});
export const slicePartSchema = z.object({ index: z.number(), received: z.number() });

/** POST /manager/common/slice-upload-finish. */
export const sliceFinishRequestSchema = z.object({ upload_id: slicePartQuerySchema.shape.upload_id });

/** Parts of a file of `size` bytes. */
export const partCountOf = (size: number) => Math.ceil(size / UPLOAD_CHUNK_SIZE);

// ── Storage (spec 001 §1: 500 MB shared plus 1 GB per licensed device) ──────────────────────

/** GET /manager/sys/storage. */
export const storageInfoSchema = z.object({
  total_size: z.number(),
  used_size: z.number(),
  oss_available_size: z.number(),
  /** The devices licensed now, each adding STORAGE_PER_DEVICE_BYTES to the shared space. */
  licensed_devices: z.number(),
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

// ── Content (ARCHITECTURE §5: /manager/resource) ────────────────────────────────────────────

/** Processing of a stored file: metadata, thumbnail, conversion. */
export const MEDIA_STATES = ['processing', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

export const contentItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  folder_id: z.number(),
  size: z.number(),
  /** Seconds, for video and music. */
  duration: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  mime: z.string().nullable(),
  hash: z.string().nullable(),
  /** Where the file (or the converted one a browser plays) is served, by hash. */
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** Codecs and other technical details. */
  meta: z.record(z.string(), z.union([z.string(), z.number()])),
  state: z.enum(MEDIA_STATES),
  /** Message key of why processing failed or what the screen cannot play. */
  problem: z.string().nullable(),
  /** Websites and streams: the address; websites also their refresh and zoom. */
  link: z.string().nullable(),
  refresh_seconds: z.number().nullable(),
  zoom: z.number().nullable(),
  uploader_id: z.number().nullable(),
  uploader_name: z.string().nullable(),
  /**
   * Approval (spec 001 §4): content uploaded or edited by a user who needs approval is pending
   * until an approver approves it; only approved content is scheduled, put in programs or played.
   */
  approval_state: z.enum(APPROVAL_STATES),
  /** The approver who opened it while it is reviewing. */
  reviewer_id: z.number().nullable(),
  reviewer_name: z.string().nullable(),
  /** Why it was rejected, for its creator. */
  reject_reason: z.string().nullable(),
  /** H5 content: its template type, and the page its extracted package opens with. */
  template_type_id: z.number().nullable(),
  entry_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const CONTENT_SORT_COLUMNS = ['name', 'size', 'created_at', 'updated_at'] as const;
/** A library content type in a query string. */
const libraryTypeQuerySchema = z.coerce
  .number()
  .int()
  .refine((value) => (LIBRARY_CONTENT_TYPES as number[]).includes(value), 'validation.contentType');
export const contentListQuerySchema = listQuerySchema(CONTENT_SORT_COLUMNS).extend({
  type: libraryTypeQuerySchema,
  folder_id: idSchema.optional(),
  uploader_id: idSchema.optional(),
  /** H5 content of this template type. */
  template_type_id: idSchema.optional(),
  /** Created within the last 7, 14 or 30 days. */
  days: z.coerce
    .number()
    .int()
    .refine((value) => (RECENT_PERIOD_DAYS as readonly number[]).includes(value), 'validation.days')
    .optional(),
  /** 1: the recycle bin. */
  deleted: z.coerce.number().int().min(0).max(1).default(0),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;
export const contentListSchema = listResultSchema(contentItemSchema);

/** GET resource/approvals: the content waiting for the caller's approval, every type, oldest first by default. */
export const CONTENT_APPROVAL_SORT_COLUMNS = ['created_at', 'updated_at', 'name'] as const;
export const contentApprovalListQuerySchema = listQuerySchema(CONTENT_APPROVAL_SORT_COLUMNS);
export type ContentApprovalListQuery = z.input<typeof contentApprovalListQuerySchema>;

export const contentRenameRequestSchema = z.object({ name: nameSchema });
export const contentMoveRequestSchema = z.object({ ids: idsSchema, folder_id: bodyIdSchema });
/** DELETE /manager/resource: to the recycle bin; `detach` first removes the items from what uses them. */
export const contentDeleteRequestSchema = z.object({ ids: idsSchema, detach: z.boolean().default(false) });
export type ContentDeleteRequest = z.input<typeof contentDeleteRequestSchema>;

/** What uses a content item (schedules, playlists, video-wall content register here as they land). */
export const contentUseSchema = z.object({ kind: z.string(), id: z.number(), name: z.string() });
export const contentUsesSchema = z.object({ id: z.number(), uses: z.array(contentUseSchema) });
export type ContentUse = z.infer<typeof contentUseSchema>;

/** Websites (spec 001 §4: must be embeddable in an iframe) and streams. */
export const WEBSITE_REFRESH_MAX_SECONDS = 86_400;
export const linkSchema = z
  .string(required('validation.link'))
  .trim()
  .max(2048, 'validation.link')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.link');
export const websiteRequestSchema = z.object({
  name: nameSchema,
  link: linkSchema,
  /** 0: never refreshed. */
  refresh_seconds: z.number().int().min(0).max(WEBSITE_REFRESH_MAX_SECONDS).default(0),
  zoom: z.number().min(0.25).max(4).default(1),
  folder_id: bodyIdSchema.optional(),
});
export type WebsiteRequest = z.input<typeof websiteRequestSchema>;
export const streamRequestSchema = z.object({
  name: nameSchema,
  link: linkSchema,
  folder_id: bodyIdSchema.optional(),
});
export type StreamRequest = z.input<typeof streamRequestSchema>;

// ── Folders (/manager/resource/folder) ──────────────────────────────────────────────────────

export const folderSchema = z.object({
  folder_id: z.number(),
  name: z.string(),
  is_default: z.boolean(),
  count: z.number(),
});
export type Folder = z.infer<typeof folderSchema>;
export const folderListSchema = z.array(folderSchema);
/** GET resource/folder: `count` is of this type's items, or of every type the caller may list. */
export const folderListQuerySchema = z.object({ type: libraryTypeQuerySchema.optional() });
export type FolderListQuery = z.input<typeof folderListQuerySchema>;
export const folderRequestSchema = z.object({ name: nameSchema.max(MAX_NAME_LENGTH) });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const RESOURCE = '/backend/manager/resource';
const FOLDER = `${RESOURCE}/folder`;
/** Holders of any content type's list permission; the server then checks each item's type (403001). */
const LIBRARY_ACCESS = Object.values(CONTENT_TYPE_PERMISSION);
const folderParamsSchema = z.object({ folder_id: idSchema });

/** The content library (ARCHITECTURE §5): contents, links, the recycle bin and folders. */
export const contentOperations = {
  list: operation({
    method: 'GET',
    path: RESOURCE,
    query: contentListQuerySchema,
    response: contentListSchema,
    access: LIBRARY_ACCESS,
  }),
  move: operation({
    method: 'POST',
    path: `${RESOURCE}/move`,
    body: contentMoveRequestSchema,
    response: noDataSchema,
    access: LIBRARY_ACCESS,
  }),
  /** To the recycle bin. */
  deleteMany: operation({
    method: 'DELETE',
    path: RESOURCE,
    body: contentDeleteRequestSchema,
    response: noDataSchema,
    access: LIBRARY_ACCESS,
  }),
  restore: operation({
    method: 'POST',
    path: `${RESOURCE}/restore`,
    body: idsRequestSchema,
    response: noDataSchema,
    access: LIBRARY_ACCESS,
  }),
  /** Out of the recycle bin for good. */
  purge: operation({
    method: 'DELETE',
    path: `${RESOURCE}/purge`,
    body: idsRequestSchema,
    response: noDataSchema,
    access: LIBRARY_ACCESS,
  }),
  folders: operation({
    method: 'GET',
    path: FOLDER,
    query: folderListQuerySchema,
    response: folderListSchema,
    access: LIBRARY_ACCESS,
  }),
  createFolder: operation({
    method: 'POST',
    path: FOLDER,
    body: folderRequestSchema,
    response: folderSchema,
    access: LIBRARY_ACCESS,
  }),
  renameFolder: operation({
    method: 'PATCH',
    path: `${FOLDER}/:folder_id`,
    params: folderParamsSchema,
    body: folderRequestSchema,
    response: folderSchema,
    access: LIBRARY_ACCESS,
  }),
  deleteFolder: operation({
    method: 'DELETE',
    path: `${FOLDER}/:folder_id`,
    params: folderParamsSchema,
    response: noDataSchema,
    access: LIBRARY_ACCESS,
  }),
  createWebsite: operation({
    method: 'POST',
    path: `${RESOURCE}/website`,
    body: websiteRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  editWebsite: operation({
    method: 'PATCH',
    path: `${RESOURCE}/website/:id`,
    params: idParamsSchema,
    body: websiteRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  createStream: operation({
    method: 'POST',
    path: `${RESOURCE}/stream`,
    body: streamRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  editStream: operation({
    method: 'PATCH',
    path: `${RESOURCE}/stream/:id`,
    params: idParamsSchema,
    body: streamRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  detail: operation({
    method: 'GET',
    path: `${RESOURCE}/:id`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  uses: operation({
    method: 'GET',
    path: `${RESOURCE}/:id/uses`,
    params: idParamsSchema,
    response: contentUsesSchema,
    access: LIBRARY_ACCESS,
  }),
  rename: operation({
    method: 'PATCH',
    path: `${RESOURCE}/:id`,
    params: idParamsSchema,
    body: contentRenameRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  /** A failed upload processed again from its stored file (409005 content.fileGone when that is gone: upload it again). */
  reprocess: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/reprocess`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  // Approval (spec 001 §4): the creator submits a rejected or withdrawn item again and withdraws a
  // waiting one; approvers (schedule:audit, as for schedules) list, review, approve and reject.
  submit: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/submit`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  withdraw: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/withdraw`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  approvals: operation({
    method: 'GET',
    path: `${RESOURCE}/approvals`,
    query: contentApprovalListQuerySchema,
    response: contentListSchema,
    access: 'schedule:audit',
  }),
  review: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/review`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: 'schedule:audit',
  }),
  approve: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/approve`,
    params: idParamsSchema,
    response: contentItemSchema,
    access: 'schedule:audit',
  }),
  reject: operation({
    method: 'POST',
    path: `${RESOURCE}/:id/reject`,
    params: idParamsSchema,
    body: rejectRequestSchema,
    response: contentItemSchema,
    access: 'schedule:audit',
  }),
};

const COMMON = '/backend/manager/common';

/** The chunked upload (spec 000 §4, §7): open to holders of any library page's list permission;
 * init and finish check the one of the file's type. A part's body is its raw bytes. */
export const uploadOperations = {
  check: operation({
    method: 'POST',
    path: `${COMMON}/slice-upload-check`,
    body: sliceCheckRequestSchema,
    response: sliceCheckSchema,
    access: LIBRARY_ACCESS,
  }),
  init: operation({
    method: 'POST',
    path: `${COMMON}/slice-upload-init`,
    body: sliceInitRequestSchema,
    response: sliceInitSchema,
    access: LIBRARY_ACCESS,
  }),
  part: operation({
    method: 'POST',
    path: `${COMMON}/slice-upload`,
    query: slicePartQuerySchema,
    response: slicePartSchema,
    access: LIBRARY_ACCESS,
  }),
  finish: operation({
    method: 'POST',
    path: `${COMMON}/slice-upload-finish`,
    body: sliceFinishRequestSchema,
    response: contentItemSchema,
    access: LIBRARY_ACCESS,
  }),
  /** The storage the caller's company uses and has left. */
  storage: operation({
    method: 'GET',
    path: '/backend/manager/sys/storage',
    response: storageInfoSchema,
    access: 'authenticated',
  }),
};
