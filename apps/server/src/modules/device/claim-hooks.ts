import type { ClaimTrial } from '@vitrine/contract';
import type { Db } from '../../db/client';

// What other areas do when a screen is claimed, inside the claim's transaction (the licence area
// gives a trial). The device area runs before them and cannot import them, so they register here
// (decoration `app.deviceClaims`) from their module plugins.

export type Claim = { deviceId: number; companyId: number; actorId: number | null };

/** What the claim answer says besides the device. */
export type ClaimOutcome = { trial: ClaimTrial };

export type ClaimHook = (tx: Db, claim: Claim) => Promise<Partial<ClaimOutcome>>;

export class ClaimHooks {
  readonly #hooks: ClaimHook[] = [];

  register(hook: ClaimHook) {
    this.#hooks.push(hook);
  }

  /** Runs every hook in the caller's transaction; without a trial hook no trial was given. */
  async run(tx: Db, claim: Claim): Promise<ClaimOutcome> {
    let outcome: ClaimOutcome = { trial: 'none' };
    for (const hook of this.#hooks) outcome = { ...outcome, ...(await hook(tx, claim)) };
    return outcome;
  }
}
