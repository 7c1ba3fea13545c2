import type { OtaFailureReason, OtaReasonParams } from '@vitrine/contract';

// Kept apart from the package's code (loaded only when an upgrade is offered): the boot, the trial
// and the upgrader all raise it.

/** Why an upgrade failed, as the report carries it: a code, its values, and the words in English. */
export type FailureReport = { reason_code: OtaFailureReason; reason_params: OtaReasonParams; reason: string };

export const failureReport = (
  code: OtaFailureReason,
  params: OtaReasonParams,
  words: string,
): FailureReport => ({ reason_code: code, reason_params: params, reason: words.slice(0, 256) });

/**
 * An upgrade step that cannot go on: its code and values are reported to the plan (the console
 * words them), its message as the player's words.
 */
export class UpgradeFailed extends Error {
  constructor(
    readonly code: OtaFailureReason,
    readonly params: OtaReasonParams,
    words: string,
  ) {
    super(words);
  }

  get report(): FailureReport {
    return failureReport(this.code, this.params, this.message);
  }
}
