import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { operation } from './operation';
import { timezoneSchema } from './setting';

// The servers of this installation and the platform-wide system settings (the /setting/server
// page), under /backend/manager/sys; whether registration is open, before login.

export const SERVER_STATUSES = ['running', 'not_answering', 'stopped'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** One server process since it started: what it is, what it runs, and whether it still answers. */
export const serverProcessSchema = z.object({
  /** One per process start. */
  id: z.string(),
  /** host:port it listens on. */
  address: z.string(),
  version: z.string(),
  /** When the console it serves was built (ISO), null without a built console. */
  built_at: z.string().nullable(),
  database: z.enum(DATABASE_KINDS),
  started_at: z.string(),
  heartbeat_at: z.string(),
  stopped_at: z.string().nullable(),
  status: z.enum(SERVER_STATUSES),
  /** Player sockets it holds, as of its last heartbeat. */
  players: z.number().int(),
  /** Whether it runs background jobs (RUN_JOBS). */
  runs_jobs: z.boolean(),
  /** The job types it can run. */
  job_types: z.array(z.string()),
  /** Recurring jobs whose last run was this process's. */
  recurring_jobs: z.array(z.object({ name: z.string(), last_run_at: z.string().nullable() })),
  /** The process answering this request. */
  current: z.boolean(),
});
export type ServerProcess = z.infer<typeof serverProcessSchema>;
export const serverProcessListSchema = z.object({ list: z.array(serverProcessSchema) });
export type ServerProcessList = z.infer<typeof serverProcessListSchema>;

export const PUBLIC_URL_MAX_LENGTH = 256;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An absolute http(s) address without path, query or fragment; the trailing slash is dropped. */
export const publicUrlSchema = z
  .string({ error: 'validation.publicUrl' })
  .trim()
  .max(PUBLIC_URL_MAX_LENGTH, 'validation.publicUrl')
  .transform((value, ctx) => {
    // Scheme and host (and port) only: a path, query, fragment or credentials would end up in every link.
    const url = /^https?:\/\/[^/?#@\s]+\/?$/i.test(value) ? parseUrl(value) : null;
    if (url === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.publicUrl' });
      return z.NEVER;
    }
    return url.origin;
  });

/** The settings the system role changes for the whole platform. */
export const systemSettingsRequestSchema = z.object({
  /** Used for the links in mails and the player's pairing screen; null: the server's PUBLIC_URL. */
  public_url: publicUrlSchema.nullable(),
  /** New companies' owners start in this language and time zone. */
  default_language: z.enum(LANGUAGES, { error: 'validation.language' }),
  default_timezone: timezoneSchema,
  /** Whether schedules need approval in companies that have not chosen. */
  schedule_confirm: z.boolean({ error: 'validation.boolean' }),
  /** Whether anyone may register a company at /register. */
  registration_open: z.boolean({ error: 'validation.boolean' }),
});
export type SystemSettingsRequest = z.input<typeof systemSettingsRequestSchema>;
export type SystemSettingsValues = z.output<typeof systemSettingsRequestSchema>;

export const systemSettingsSchema = z.object({
  ...systemSettingsRequestSchema.shape,
  public_url: z.string().nullable(),
  default_timezone: z.string(),
  /** The server's own PUBLIC_URL, used while public_url is null. */
  configured_public_url: z.string(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const registrationStateSchema = z.object({ open: z.boolean() });
export type RegistrationState = z.infer<typeof registrationStateSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const SYS = '/backend/manager/sys';

/**
 * The /setting/server page: its readers (setting:sys:list, the system role and the system operator)
 * see servers and settings; only the system role, the one holding setting:pms, changes the
 * platform's settings (docs/permissions.md).
 */
export const systemOperations = {
  servers: operation({
    method: 'GET',
    path: `${SYS}/server`,
    response: serverProcessListSchema,
    access: 'setting:sys:list',
  }),
  settings: operation({
    method: 'GET',
    path: `${SYS}/setting/system`,
    response: systemSettingsSchema,
    access: 'setting:sys:list',
  }),
  saveSettings: operation({
    method: 'POST',
    path: `${SYS}/setting/system`,
    body: systemSettingsRequestSchema,
    response: systemSettingsSchema,
    access: 'setting:pms',
  }),
  /** Before login: whether the login page offers /register. */
  registration: operation({
    method: 'GET',
    path: '/backend/account/register',
    response: registrationStateSchema,
    access: 'public',
  }),
};
