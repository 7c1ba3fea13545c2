import type { Envelope, PlayerHelloRequest, PlayerState } from '@vitrine/contract';
import { httpStatusOf, ResultCode } from '@vitrine/contract';

const HELLO_PATH = '/backend/player/hello';
// Answers that mean "this token is no good": forget it and register anew. Busy (429) and
// server errors are not: the token stays and the call is tried again later.
const TOKEN_REFUSED_STATUSES = [400, 401, 403, 404];

/** The server answered hello with a failure code. */
export class HelloRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  get tokenRefused(): boolean {
    return TOKEN_REFUSED_STATUSES.includes(httpStatusOf(this.code));
  }
}

/** POST /backend/player/hello. Throws HelloRefused for a failure code, TypeError when offline. */
export async function hello(body: PlayerHelloRequest): Promise<PlayerState> {
  const response = await fetch(HELLO_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  let envelope: Envelope<PlayerState>;
  try {
    envelope = await response.json();
  } catch {
    throw new HelloRefused(ResultCode.serverError, `HTTP ${response.status}`);
  }
  if (envelope.code !== ResultCode.success) throw new HelloRefused(envelope.code, envelope.msg);
  return envelope.data;
}
