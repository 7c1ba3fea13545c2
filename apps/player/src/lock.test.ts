import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCKOUT_MS, type Lock, MAX_TRIES, PinGuard, pinMatches } from './lock';

const salt = '0123456789abcdef0123456789abcdef';
// What the server stores for PIN 482913 with this salt (its lockDigest: sha256 of salt + PIN, hex).
const LOCK: Lock = { salt, pin_sha256: createHash('sha256').update(`${salt}482913`).digest('hex') };

describe('pinMatches', () => {
  it('accepts the right PIN only', () => {
    expect(pinMatches(LOCK, '482913')).toBe(true);
    expect(pinMatches(LOCK, '482914')).toBe(false);
    expect(pinMatches({ ...LOCK, salt: 'other' }, '482913')).toBe(false);
  });
});

describe('PinGuard', () => {
  it('makes you wait a minute after five wrong tries, then lets you try again', () => {
    let now = 1_000_000;
    const guard = new PinGuard(() => now);
    for (let i = 1; i < MAX_TRIES; i++) expect(guard.check(LOCK, '000000')).toEqual({ ok: false, waitMs: 0 });
    expect(guard.check(LOCK, '000000')).toEqual({ ok: false, waitMs: LOCKOUT_MS });
    // Even the right PIN waits.
    now += 30_000;
    expect(guard.check(LOCK, '482913')).toEqual({ ok: false, waitMs: 30_000 });
    now += 30_000;
    expect(guard.check(LOCK, '482913')).toEqual({ ok: true });
  });

  it('forgets wrong tries after a right one', () => {
    const guard = new PinGuard(() => 0);
    for (let i = 1; i < MAX_TRIES; i++) guard.check(LOCK, '000000');
    expect(guard.check(LOCK, '482913')).toEqual({ ok: true });
    expect(guard.check(LOCK, '000000')).toEqual({ ok: false, waitMs: 0 });
  });
});
