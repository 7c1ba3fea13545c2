import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { PlayerState } from '@vitrine/contract';

// The settings screen's lock (ARCHITECTURE §7): the console sets a 6-digit PIN; the screen gets
// SHA-256(salt + PIN) and checks it itself, offline too. crypto.subtle needs a secure context,
// which a player on plain HTTP lacks, hence @noble/hashes.

export type Lock = NonNullable<PlayerState['lock']>;

/** Wrong PINs in a row before the screen makes you wait. */
export const MAX_TRIES = 5;
export const LOCKOUT_MS = 60_000;

export const pinMatches = (lock: Lock, pin: string): boolean =>
  bytesToHex(sha256(utf8ToBytes(lock.salt + pin))) === lock.pin_sha256;

export type PinAnswer = { ok: true } | { ok: false; waitMs: number };

/** Counts wrong tries across openings of the settings screen, and holds the lockout. */
export class PinGuard {
  private wrong = 0;
  private lockedUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** How long until another try is allowed; 0 when now. */
  waitMs(): number {
    return Math.max(0, this.lockedUntil - this.now());
  }

  check(lock: Lock, pin: string): PinAnswer {
    if (this.waitMs() > 0) return { ok: false, waitMs: this.waitMs() };
    if (pinMatches(lock, pin)) {
      this.wrong = 0;
      return { ok: true };
    }
    this.wrong++;
    if (this.wrong >= MAX_TRIES) {
      this.wrong = 0;
      this.lockedUntil = this.now() + LOCKOUT_MS;
    }
    return { ok: false, waitMs: this.waitMs() };
  }
}
