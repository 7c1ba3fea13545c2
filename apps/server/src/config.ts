import path from 'node:path';
import { OFFLINE_AFTER_SECONDS } from '@vitrine/contract';

/** Where and how to reach the object store (STORAGE_*, docs/configure.md). */
export type S3Settings = {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  url: string;
  /** The store's address when it is not AWS (MinIO, Ceph RGW, R2…). */
  endpoint?: string;
  region?: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, a machine's role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Address the bucket in the path (`endpoint/bucket/key`) rather than as a host name. */
  forcePathStyle: boolean;
};

// Configuration from the environment (ARCHITECTURE §4). Everything has a working default.
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /**
   * The object store for files kept outside the database (STORAGE_URL=s3://bucket/prefix and the
   * STORAGE_* settings); unset: files under DATA_DIR.
   */
  storage?: S3Settings;
  /** Unset: embedded PGlite in DATA_DIR/db. Set to "memory://" for a throwaway database. */
  databaseUrl?: string;
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  /** Seals secrets stored in the database (the mail server's password) with AES-256-GCM. */
  secretKey?: string;
  tlsCert?: string;
  tlsKey?: string;
  logLevel: string;
  /** Folder of the built console; served at / when it exists. */
  consoleDir?: string;
  /** Folder of the built player; served at /player when it exists. */
  playerDir?: string;
  /** Believe X-Forwarded-For (TRUST_PROXY=true, or the proxies' addresses/CIDRs, comma-separated): behind a reverse proxy only. */
  trustProxy: boolean | string;
  /** Run the background job runner in this process. */
  runJobs: boolean;
  /** How often this process heartbeats on the servers page (ms); 0: only when asked (tests). */
  heartbeatMs: number;
  /**
   * Hosts that website and stream content may name although they resolve to private addresses
   * (CONTENT_HOST_ALLOWLIST, comma-separated host names or IP addresses).
   */
  contentHostAllowList: string[];
  /** How long a website being added has to answer (ms); tests shorten it. */
  websiteTimeoutMs: number;
  /**
   * Folders searched for ffmpeg, pdftoppm, pdfinfo and LibreOffice (MEDIA_TOOLS_PATH, separated
   * like PATH). Unset: PATH.
   */
  mediaToolsPath?: string;
  /**
   * How long a screen must stay offline before its owner is mailed (OFFLINE_MAIL_AFTER_SECONDS;
   * default OFFLINE_AFTER_SECONDS). Shorter only where a test waits for that mail.
   */
  offlineMailAfterSeconds: number;
  /**
   * How often the renewal reminders look for work (LICENSE_REMIND_PASS_SECONDS; default 300): a
   * reminder leaves at most this long after its send time. Shorter only where a test waits for it.
   */
  licenseRemindPassSeconds: number;
  /**
   * Package downloads an instance streams at once (OTA_DOWNLOAD_SLOTS; default 16); past them a
   * player is told to come back (429001, Retry-After), so a fleet's rollout leaves the server free.
   */
  otaDownloadSlots: number;
  /** Let the journeys move the licence clock (VITRINE_TEST_CLOCK=1; platform/clock.ts). Never in production. */
  testClock: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const tls = Boolean(env.TLS_CERT && env.TLS_KEY);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    storage: env.STORAGE_URL
      ? {
          url: env.STORAGE_URL,
          endpoint: env.STORAGE_ENDPOINT || undefined,
          region: env.STORAGE_REGION || undefined,
          accessKeyId: env.STORAGE_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.STORAGE_PATH_STYLE === 'true',
        }
      : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, ''),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    secretKey: env.SECRET_KEY || undefined,
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    consoleDir: env.CONSOLE_DIR,
    playerDir: env.PLAYER_DIR,
    runJobs: env.RUN_JOBS !== 'false',
    heartbeatMs: 15_000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    contentHostAllowList: (env.CONTENT_HOST_ALLOWLIST ?? '')
      .split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter(Boolean),
    websiteTimeoutMs: 8_000,
    mediaToolsPath: env.MEDIA_TOOLS_PATH || undefined,
    offlineMailAfterSeconds: Number(env.OFFLINE_MAIL_AFTER_SECONDS) || OFFLINE_AFTER_SECONDS,
    licenseRemindPassSeconds: Number(env.LICENSE_REMIND_PASS_SECONDS) || 300,
    otaDownloadSlots: Number(env.OTA_DOWNLOAD_SLOTS) || 16,
    testClock: env.VITRINE_TEST_CLOCK === '1',
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
