import { z } from 'zod';
import { fileUploadInitSchema, sliceInitSchema, slicePartQuerySchema, slicePartSchema } from './content';
import { idParamsSchema, operation } from './operation';

// Startup media (spec 001 §5, docs/device-features.md "Startup video and logo"): the video and the
// logo a screen shows while it starts, until its program is ready. A company sets its screens'
// (/backend/manager/startup, from the device list), a device model may set its own
// (/backend/manager/device-model/:id/startup, from the model drawer), which wins for devices of that
// model. The files come through the chunked upload (purpose 'startup') and are checked from the
// file itself when they are set: the video an MP4 (H.264) of 1080P, under 30 FPS, 8 to 10 seconds;
// the logo a 1080P BMP in 16-bit RGB565 or 24-bit RGB888, which the server turns into a PNG once.

export const STARTUP_KINDS = ['video', 'logo'] as const;
export type StartupKind = (typeof STARTUP_KINDS)[number];

/** 1080P, landscape or portrait (a screen mounted upright starts upright). */
export const STARTUP_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
] as const;
/** The video's frame rate is under this (frames per second). */
export const STARTUP_VIDEO_FPS_BELOW = 30;
/** The video's length, in seconds (rounded to a tenth). */
export const STARTUP_VIDEO_SECONDS = { min: 8, max: 10 } as const;
/** The largest startup file: a 10-second 1080P video, or a 1080P BMP (about 6 MB at 24 bits). */
export const STARTUP_MAX_SIZE = 200 * 1024 * 1024;
/** What the console's file choosers offer. */
export const STARTUP_ACCEPT: Record<StartupKind, string> = {
  video: '.mp4,video/mp4',
  logo: '.bmp,image/bmp',
};

/** POST startup/slice-upload-init: starts (or resumes) the upload of a startup file. */
export const startupUploadInitRequestSchema = fileUploadInitSchema(STARTUP_MAX_SIZE, 'validation.fileSize');
export type StartupUploadInitRequest = z.input<typeof startupUploadInitRequestSchema>;

/** PUT …/startup: sets one kind from a fully sent upload, or clears it (upload_id null). */
export const startupSetRequestSchema = z.object({
  kind: z.enum(STARTUP_KINDS, { error: 'validation.required' }),
  upload_id: slicePartQuerySchema.shape.upload_id.nullable(),
});
export type StartupSetRequest = z.input<typeof startupSetRequestSchema>;

/** One startup file as set. `url` is what players show: the video itself, the logo as a PNG. */
export const startupMediaSchema = z.object({
  id: z.number(),
  url: z.string(),
  file_name: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  /** The video's length in seconds and frames per second; null for the logo. */
  duration: z.number().nullable(),
  frame_rate: z.number().nullable(),
  created_at: z.string(),
});
export type StartupMedia = z.infer<typeof startupMediaSchema>;

/** What an owner (a company or a model) has set, per kind; null: none of its own. */
export const startupSettingSchema = z.object({
  video: startupMediaSchema.nullable(),
  logo: startupMediaSchema.nullable(),
});
export type StartupSetting = z.infer<typeof startupSettingSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const STARTUP = '/backend/manager/startup';
const MODEL_STARTUP = '/backend/manager/device-model/:id/startup';

/**
 * A company's startup media need device:dev:info (and the whole company's scope to change them:
 * the owner); a model's need setting:model-manage (the platform). The upload takes either.
 */
export const startupOperations = {
  uploadInit: operation({
    method: 'POST',
    path: `${STARTUP}/slice-upload-init`,
    body: startupUploadInitRequestSchema,
    response: sliceInitSchema,
    access: ['device:dev:info', 'setting:model-manage'],
  }),
  /** One part of the file, its raw bytes as the body (as the library's slice-upload). */
  uploadPart: operation({
    method: 'POST',
    path: `${STARTUP}/slice-upload`,
    query: slicePartQuerySchema,
    response: slicePartSchema,
    access: ['device:dev:info', 'setting:model-manage'],
  }),
  company: operation({
    method: 'GET',
    path: STARTUP,
    response: startupSettingSchema,
    access: 'device:dev:info',
  }),
  companySet: operation({
    method: 'PUT',
    path: STARTUP,
    body: startupSetRequestSchema,
    response: startupSettingSchema,
    access: 'device:dev:info',
  }),
  model: operation({
    method: 'GET',
    path: MODEL_STARTUP,
    params: idParamsSchema,
    response: startupSettingSchema,
    access: 'setting:model-manage',
  }),
  modelSet: operation({
    method: 'PUT',
    path: MODEL_STARTUP,
    params: idParamsSchema,
    body: startupSetRequestSchema,
    response: startupSettingSchema,
    access: 'setting:model-manage',
  }),
};
