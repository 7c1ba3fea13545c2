import { describe, expect, it } from 'vitest';
import type { CachedSession } from './session-cache';
import { SessionCache } from './session-cache';
import { hashToken } from './tokens';

const session = (tokenHash: string, userId: number): CachedSession => ({
  user: {
    userId,
    email: `u${userId}@example.com`,
    username: `User ${userId}`,
    roleId: 4,
    status: 1,
    customerId: null,
    companyId: 1,
    workspaceId: 1,
    activeWorkspaceId: 1,
    language: 'en',
    tokenHash,
  },
  createdAt: 0,
  expiresAt: 1e15,
  idleExpiresAt: 1e15,
  lastSeenAt: 0,
  replacedAt: null,
});

describe('SessionCache', () => {
  it("answers a token's hash, the same as hashing it, and stays bounded", () => {
    const cache = new SessionCache(2, 1_000);
    for (const token of ['one', 'two', 'one', 'three', 'four', 'one']) {
      expect(cache.hashOf(token)).toBe(hashToken(token));
    }
    expect((cache as unknown as { hashes: Map<string, string> }).hashes.size).toBeLessThanOrEqual(2);
  });

  it('keeps what it was given until the time to live runs out', () => {
    const cache = new SessionCache(10, 1_000);
    cache.set(session('a', 1), cache.mark(), 5_000);
    expect(cache.get('a', 6_000)?.user.userId).toBe(1);
    expect(cache.get('a', 6_001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the one loaded first', () => {
    const cache = new SessionCache(2, 60_000);
    cache.set(session('a', 1), cache.mark(), 0);
    cache.set(session('b', 2), cache.mark(), 0);
    cache.get('a', 1); // a hit does not reorder: a is still the first loaded
    cache.set(session('c', 3), cache.mark(), 2);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 3)).toBeUndefined();
    expect(cache.get('b', 3)).toBeDefined();
    expect(cache.get('c', 3)).toBeDefined();
  });

  it('forgets one token, every token of some users, or everything', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    for (const [hash, user] of [
      ['a1', 1],
      ['a2', 1],
      ['b1', 2],
      ['c1', 3],
    ] as const) {
      cache.set(session(hash, user), mark, 0);
    }
    cache.forgetToken('c1');
    expect(cache.get('c1', 0)).toBeUndefined();
    cache.forgetUsers([1]);
    expect([cache.get('a1', 0), cache.get('a2', 0)]).toEqual([undefined, undefined]);
    expect(cache.get('b1', 0)).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a load that overlapped an eviction: what it read may be stale', () => {
    const cache = new SessionCache();
    const mark = cache.mark(); // a load begins…
    cache.forgetUsers([1]); // …a change is announced while it reads…
    cache.set(session('a', 1), mark, 0); // …and what it read is not kept
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set(session('a', 1), cache.mark(), 0);
    expect(cache.get('a', 0)).toBeDefined();
  });

  it('replaces an entry loaded again, and forgets it under its user', () => {
    const cache = new SessionCache();
    cache.set(session('a', 1), cache.mark(), 0);
    cache.set({ ...session('a', 1), lastSeenAt: 5 }, cache.mark(), 1);
    expect(cache.size).toBe(1);
    expect(cache.get('a', 1)?.lastSeenAt).toBe(5);
    cache.forgetUsers([1]);
    expect(cache.size).toBe(0);
  });
});
