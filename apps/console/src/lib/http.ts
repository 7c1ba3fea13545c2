import { type Envelope, LOGOUT_CODES, REQUEST_TIMEOUT_MS, ResultCode } from '@vitrine/contract';
import { createErrorReporter, describeBody, type ErrorRecord } from './error-report';
import { currentLanguage, i18n } from './i18n';
import { notify } from './notify';
import { getSession, renewToken, signOut } from './session';

// The one way the console talks to the server (spec 000 §7–§8): base /backend, 30 s timeout,
// the standard headers, the { code, msg, data } envelope, "tips" on failure, logout on
// 600003/600004, token renewal, and every failure queued for the error-report call.
export const API_BASE = '/backend';
export const ERROR_REPORT_URL = '/manager/error-report';
const LOGIN_URL = '/account/login';
const REPORT_INTERVAL_MS = 5000;
/** Codes of failures that never reached an envelope. */
export const NETWORK_ERROR_CODE = 0;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestOptions = {
  body?: unknown;
  query?: Record<string, unknown>;
  /** No "tips" notification; the caller shows the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
};

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

// The console build version comes from the `ver` query parameter of the page (spec 000 §7).
const pageVersion = new URLSearchParams(window.location.search).get('ver');

const reporter = createErrorReporter(
  (records) => request('POST', ERROR_REPORT_URL, { body: records, silent: true }),
  REPORT_INTERVAL_MS,
);
export const flushErrorReports = (): Promise<void> => reporter.flush();

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

/** The UTC offset as "GMT+08:00". */
export function gmtOffset(date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `GMT${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

function headersFor(url: string, hasBody: boolean): Headers {
  const { token, workspaceId } = getSession();
  const language = currentLanguage();
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': language === 'en' ? 'en-us' : language.toLowerCase(),
    'TimeZone-Gmt': gmtOffset(),
    timeZone: timeZone(),
  });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (pageVersion) headers.set('Version', pageVersion);
  if (workspaceId !== null && url !== LOGIN_URL) headers.set('Workspace-Id', String(workspaceId));
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

function readRenewedToken(response: Response): void {
  const header = response.headers.get('Authorization');
  if (header) renewToken(header.replace(/^Bearer\s+/i, '').trim());
}

type Attempt = { method: Method; url: string; qs: string; body: unknown; silent: boolean };

function fail(attempt: Attempt, error: ApiError): never {
  if (attempt.url !== ERROR_REPORT_URL) {
    const record: ErrorRecord = {
      uid: getSession().user?.user_id ?? null,
      url: `${API_BASE}${attempt.url}`,
      method: attempt.method,
      qs: attempt.qs,
      body: describeBody(attempt.body),
      code: error.code,
      msg: error.message,
      tz: timeZone(),
      time: new Date().toISOString(),
    };
    reporter.add(record);
  }
  const logout = LOGOUT_CODES.includes(error.code);
  if (!attempt.silent || logout) {
    // One notice per code at a time: parallel calls failing alike show it once.
    notify({
      type: 'error',
      key: `api-${error.code}`,
      title: i18n.t('common:tips'),
      description: error.message,
    });
  }
  if (logout && getSession().token) signOut();
  throw error;
}

export async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, silent = false, signal } = options;
  const qs = buildQuery(query);
  const attempt: Attempt = { method, url, qs, body, silent };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', cancel);

  // A Blob (an upload's part) goes as raw bytes; any other body as JSON.
  const headers = headersFor(url, body !== undefined);
  if (body instanceof Blob) headers.set('Content-Type', 'application/octet-stream');
  let status = 0;
  let payload: unknown = null;
  try {
    const response = await fetch(`${API_BASE}${url}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
      signal: controller.signal,
    });
    status = response.status;
    readRenewedToken(response);
    payload = await response.json().catch((error) => {
      // Cancelled while the body was read: silent, like a cancel before the answer.
      if (signal?.aborted) throw error;
      return null;
    });
  } catch (error) {
    // A cancelled request is silent and not a failure worth reporting.
    if (!timedOut && signal?.aborted) throw error;
    return fail(attempt, new ApiError(NETWORK_ERROR_CODE, i18n.t('contract:client.network')));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  if (!isEnvelope(payload)) {
    return fail(attempt, new ApiError(status || NETWORK_ERROR_CODE, i18n.t('contract:client.server')));
  }
  if (payload.code === ResultCode.success) return payload.data as T;
  return fail(attempt, new ApiError(payload.code, payload.msg, payload.data));
}

/** A binary answer (an image, a file) read with the same headers and token; a refusal still comes as an envelope. */
export async function requestBlob(
  url: string,
  options: Pick<RequestOptions, 'signal' | 'silent'> & { accept?: string } = {},
) {
  const { signal, silent = true, accept = 'image/*' } = options;
  const attempt: Attempt = { method: 'GET', url, qs: '', body: undefined, silent };
  const headers = headersFor(url, false);
  headers.set('Accept', `${accept}, application/json`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${url}`, { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail(attempt, new ApiError(NETWORK_ERROR_CODE, i18n.t('contract:client.network')));
  }
  readRenewedToken(response);
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (response.ok && !isJson) return response.blob();
  const payload: unknown = await response.json().catch(() => null);
  if (!isEnvelope(payload)) {
    return fail(
      attempt,
      new ApiError(response.status || NETWORK_ERROR_CODE, i18n.t('contract:client.server')),
    );
  }
  return fail(attempt, new ApiError(payload.code, payload.msg, payload.data));
}

type Options = Omit<RequestOptions, 'body'>;

export const http = {
  get: <T>(url: string, options?: Options) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: Options) => request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: Options) => request<T>('PUT', url, { ...options, body }),
  del: <T>(url: string, body?: unknown, options?: Options) => request<T>('DELETE', url, { ...options, body }),
};
