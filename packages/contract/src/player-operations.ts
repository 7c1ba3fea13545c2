import { z } from 'zod';
import {
  playerAckRequestSchema,
  playerHelloRequestSchema,
  playerPollSchema,
  playerStateSchema,
} from './device';
import { noDataSchema, operation } from './operation';
import { PLAYER_CALLS } from './player';
import {
  contentErrorRequestSchema,
  manifestSchema,
  playbacksRequestSchema,
  playbacksResultSchema,
} from './program-schemas';
import { ruleFiringsRequestSchema, ruleFiringsResultSchema } from './rule';
import { idSchema } from './validation';

// The player's calls with their schemas, for the server (and the OpenAPI document); the player
// itself reads the same methods and paths from PLAYER_CALLS in the zod-free player.ts.

/**
 * POST /backend/player/screenshot?command_id=N: the body is the PNG or JPEG itself. Without
 * command_id, one the screen took by itself at its screen-capture interval.
 */
export const playerScreenshotQuerySchema = z.object({ command_id: idSchema.optional() });

export const playerOperations = {
  hello: operation({ ...PLAYER_CALLS.hello, body: playerHelloRequestSchema, response: playerStateSchema }),
  /** The socket's fallback: a sign of life, the state and the waiting commands (304 when unchanged). */
  poll: operation({ ...PLAYER_CALLS.poll, response: playerPollSchema, notModified: true }),
  ack: operation({ ...PLAYER_CALLS.ack, body: playerAckRequestSchema, response: noDataSchema }),
  /** What the screen plays; ETag = its version, 304 when unchanged. */
  manifest: operation({ ...PLAYER_CALLS.manifest, response: manifestSchema, notModified: true }),
  contentError: operation({
    ...PLAYER_CALLS.contentError,
    body: contentErrorRequestSchema,
    response: noDataSchema,
  }),
  playbacks: operation({
    ...PLAYER_CALLS.playbacks,
    body: playbacksRequestSchema,
    response: playbacksResultSchema,
  }),
  /** Control rules fired on the screen, sent again until taken (the answer lists the UUIDs taken). */
  ruleFirings: operation({
    ...PLAYER_CALLS.ruleFirings,
    body: ruleFiringsRequestSchema,
    response: ruleFiringsResultSchema,
  }),
  /** A raw image body: no body schema, the route's content-type parser takes the bytes. */
  screenshot: operation({
    ...PLAYER_CALLS.screenshot,
    query: playerScreenshotQuerySchema,
    response: noDataSchema,
  }),
};
