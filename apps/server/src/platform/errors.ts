import { codeMessageKey, httpStatusOf, ResultCode } from '@vitrine/contract';

/**
 * The one error that reaches a client: a result code (ARCHITECTURE §5), the message key to answer
 * with (defaults to the code's own), its parameters, and optional data for the client to branch on.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ResultCode,
    readonly messageKey: string = codeMessageKey(code),
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.status = httpStatusOf(code);
  }
}

export const notFound = () => new AppError(ResultCode.notFound);
export const forbidden = () => new AppError(ResultCode.permission);

/** PostgreSQL's unique_violation (23505), whichever driver raised it and however deeply it is wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
