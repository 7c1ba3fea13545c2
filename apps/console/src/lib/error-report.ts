import { ERROR_REPORT_MAX_RECORDS } from '@vitrine/contract';

// Failed requests are collected and sent in batches (spec 000 §7–§8), so a burst of failures
// costs one call. The sender is given by the HTTP client, which never reports its own report call.
export type ErrorRecord = {
  uid: number | null;
  url: string;
  method: string;
  qs: string;
  body: string;
  code: number;
  msg: string;
  tz: string;
  time: string;
};

export type ErrorReporter = {
  add: (record: ErrorRecord) => void;
  flush: () => Promise<void>;
  pending: () => number;
};

/**
 * Keeps at most one batch the server accepts: a storm of failures must not grow memory without
 * bound, and a larger batch would be refused whole.
 */
const MAX_PENDING = ERROR_REPORT_MAX_RECORDS;
const BODY_LIMIT = 2000;

export function createErrorReporter(
  send: (records: ErrorRecord[]) => Promise<unknown>,
  intervalMs: number,
): ErrorReporter {
  let queue: ErrorRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    // A failed report is dropped: reporting it would loop.
    await send(batch).catch(() => {});
  }

  return {
    add(record) {
      queue.push(record);
      if (queue.length > MAX_PENDING) queue.shift();
      timer ??= setTimeout(() => void flush(), intervalMs);
    },
    flush,
    pending: () => queue.length,
  };
}

const SECRET_KEY = /pass|pwd|token|secret|code/i;

/** The request body as it may be stored: secrets masked, size capped. */
export function describeBody(body: unknown): string {
  if (body === undefined) return '';
  const text = JSON.stringify(body, (key, value) => (key && SECRET_KEY.test(key) ? '***' : value)) ?? '';
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}…` : text;
}
