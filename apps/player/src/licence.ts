import type { PlayerState } from '@vitrine/contract';

// Whether the screen may play: a paired screen without a licence in force (none bound, or the one
// bound has expired) says so instead of playing. The server tells the state and the expiry on the
// real clock; the screen switches at the expiry by itself, without waiting to be told.

type Licence = PlayerState['license'];

/** Why the screen may not play at `nowMs` (server time), or null when it may. */
export function licenceProblem(licence: Licence | undefined, nowMs: number): 'none' | 'expired' | null {
  // A server from before licences sends none: nothing to hold the screen back.
  if (!licence) return null;
  if (licence.state === 'none') return 'none';
  if (licence.state === 'expired') return 'expired';
  if (licence.expires_at !== null && Date.parse(licence.expires_at) <= nowMs) return 'expired';
  return null;
}

/** How long until a licence in force expires (ms), or null when it never does or is not in force. */
export function licenceDelay(licence: Licence | undefined, nowMs: number): number | null {
  if (!licence?.expires_at || licenceProblem(licence, nowMs)) return null;
  return Math.max(0, Date.parse(licence.expires_at) - nowMs);
}
