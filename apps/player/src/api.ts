import type {
  Envelope,
  Manifest,
  OtaReportRequest,
  Playback,
  PlayerAckRequest,
  PlayerHelloRequest,
  PlayerPoll,
  PlayerState,
  RuleFiringReport,
} from '@vitrine/contract';
import { httpStatusOf, PLAYER_CALLS, ResultCode } from '@vitrine/contract';
import type { ContentErrorReport } from './render/zone';

// The player's HTTP calls under /backend/player: hello, and the socket's fallback (poll and ack),
// which carry the device token as Bearer. Methods and paths are the contract's (PLAYER_CALLS, kept
// free of zod so the player does not download it).

const {
  hello: HELLO,
  poll: POLL,
  ack: ACK,
  manifest: MANIFEST,
  contentError: CONTENT_ERROR,
  playbacks: PLAYBACKS,
  otaReport: OTA_REPORT,
  ruleFirings: RULE_FIRINGS,
} = PLAYER_CALLS;
// Answers that mean "this token is no good": forget it and register anew. Busy (429) and
// server errors are not: the token stays and the call is tried again later.
const TOKEN_REFUSED_STATUSES = [400, 401, 403, 404];

/** The server answered a player call with a failure code. */
export class CallRefused extends Error {
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

/** The envelope's data. Throws CallRefused for a failure code, TypeError when offline. */
export async function dataOf<T>(response: Response): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = await response.json();
  } catch {
    throw new CallRefused(ResultCode.serverError, `HTTP ${response.status}`);
  }
  if (envelope.code !== ResultCode.success) throw new CallRefused(envelope.code, envelope.msg);
  return envelope.data;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /backend/player/hello. */
export async function hello(body: PlayerHelloRequest): Promise<PlayerState> {
  const response = await fetch(HELLO.path, {
    method: HELLO.method,
    headers: JSON_TYPE,
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  return dataOf(response);
}

/**
 * GET /backend/player/poll: the state and the commands waiting, or null when nothing changed
 * since the answer whose ETag is given.
 */
export async function poll(
  token: string,
  etag: string | null,
): Promise<{ poll: PlayerPoll; etag: string | null } | null> {
  const response = await fetch(POLL.path, {
    method: POLL.method,
    headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
    cache: 'no-store',
  });
  if (response.status === 304) return null;
  return { poll: await dataOf<PlayerPoll>(response), etag: response.headers.get('etag') };
}

/**
 * GET /backend/player/manifest: what the screen plays, or null when nothing changed since the
 * answer whose ETag is given.
 */
export async function fetchManifest(
  token: string,
  etag: string | null,
): Promise<{ manifest: Manifest; etag: string | null } | null> {
  const response = await fetch(MANIFEST.path, {
    method: MANIFEST.method,
    headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
    cache: 'no-store',
  });
  if (response.status === 304) return null;
  return { manifest: await dataOf<Manifest>(response), etag: response.headers.get('etag') };
}

/** POST /backend/player/content-error: an item this screen could not show. */
export async function reportContentError(token: string, body: ContentErrorReport): Promise<void> {
  const response = await fetch(CONTENT_ERROR.path, {
    method: CONTENT_ERROR.method,
    headers: { ...JSON_TYPE, ...bearer(token) },
    body: JSON.stringify(body),
  });
  await dataOf(response);
}

/** POST /backend/player/ack: a command's result while the socket is down. */
export async function acknowledge(token: string, body: PlayerAckRequest): Promise<void> {
  const response = await fetch(ACK.path, {
    method: ACK.method,
    headers: { ...JSON_TYPE, ...bearer(token) },
    body: JSON.stringify(body),
  });
  await dataOf(response);
}

/** POST /backend/player/playbacks: proof of play; answers the UUIDs the server now holds. */
export async function uploadPlaybacks(token: string, playbacks: Playback[]): Promise<string[]> {
  const response = await fetch(PLAYBACKS.path, {
    method: PLAYBACKS.method,
    headers: { ...JSON_TYPE, ...bearer(token) },
    body: JSON.stringify({ playbacks }),
    cache: 'no-store',
  });
  const { accepted } = await dataOf<{ accepted: string[] }>(response);
  return Array.isArray(accepted) ? accepted : [];
}

/** POST /backend/player/rule-firings: control rules fired here; answers the UUIDs the server now holds. */
export async function reportRuleFirings(token: string, firings: RuleFiringReport[]): Promise<string[]> {
  const response = await fetch(RULE_FIRINGS.path, {
    method: RULE_FIRINGS.method,
    headers: { ...JSON_TYPE, ...bearer(token) },
    body: JSON.stringify({ firings }),
    cache: 'no-store',
  });
  const { accepted } = await dataOf<{ accepted: string[] }>(response);
  return Array.isArray(accepted) ? accepted : [];
}

/** POST /backend/player/ota/report: how an upgrade stands on this screen. */
export async function reportUpgrade(token: string, body: OtaReportRequest): Promise<void> {
  const response = await fetch(OTA_REPORT.path, {
    method: OTA_REPORT.method,
    headers: { ...JSON_TYPE, ...bearer(token) },
    body: JSON.stringify(body),
  });
  await dataOf(response);
}
