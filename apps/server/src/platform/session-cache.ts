import { hashToken } from './tokens';

/** The signed-in user as every authenticated call sees it (request.user). */
export type SessionUser = {
  userId: number;
  email: string;
  username: string;
  roleId: number;
  status: number;
  customerId: number | null;
  companyId: number | null;
  workspaceId: number | null;
  activeWorkspaceId: number | null;
  language: string;
  tokenHash: string;
};

/** What resolving a token needs of its session and user. Times in ms since the epoch. */
export type CachedSession = {
  user: SessionUser;
  createdAt: number;
  expiresAt: number;
  idleExpiresAt: number;
  lastSeenAt: number;
  replacedAt: number | null;
};

type Entry = { session: CachedSession; loadedAt: number };

/**
 * Live sessions by token hash, so an authenticated call costs no query. Bounded (the one loaded
 * first out first: every entry is reloaded within `ttlMs` anyway, so a hit does not reorder) and
 * short-lived: whatever invalidation misses is reloaded within `ttlMs`. Anything that ends a
 * session or changes a user's details evicts through forget*().
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>(); // Map order: loaded first first
  private readonly byUser = new Map<number, Set<string>>();
  private readonly hashes = new Map<string, string>(); // token → its hash

  private evictions = 0;

  constructor(
    readonly maxEntries = 50_000,
    readonly ttlMs = 10_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  /**
   * The token's SHA-256, remembered: a call costs no hashing either. Any string sent as a token
   * lands here, so the memo is bounded (emptied when full), and holds nothing a request did not.
   */
  hashOf(token: string): string {
    let tokenHash = this.hashes.get(token);
    if (tokenHash === undefined) {
      if (this.hashes.size >= this.maxEntries) this.hashes.clear();
      tokenHash = hashToken(token);
      this.hashes.set(token, tokenHash);
    }
    return tokenHash;
  }

  /** Taken before a load and handed to set(): a load that overlapped an eviction is not kept. */
  mark() {
    return this.evictions;
  }

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.loadedAt > this.ttlMs) {
      this.remove(tokenHash, entry);
      return undefined;
    }
    return entry.session;
  }

  set(session: CachedSession, mark: number, now = Date.now()) {
    // An eviction since the load began may concern this row: what was read may be stale.
    if (mark !== this.evictions) return;
    const { tokenHash, userId } = session.user;
    const old = this.entries.get(tokenHash);
    if (old) this.remove(tokenHash, old);
    this.entries.set(tokenHash, { session, loadedAt: now });
    const hashes = this.byUser.get(userId);
    if (hashes) hashes.add(tokenHash);
    else this.byUser.set(userId, new Set([tokenHash]));
    if (this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry);
    }
  }

  forgetToken(tokenHash: string) {
    this.evictions++;
    const entry = this.entries.get(tokenHash);
    if (entry) this.remove(tokenHash, entry);
  }

  forgetUsers(userIds: readonly number[]) {
    this.evictions++;
    for (const userId of userIds) {
      for (const tokenHash of this.byUser.get(userId) ?? []) {
        const entry = this.entries.get(tokenHash);
        if (entry) this.remove(tokenHash, entry);
      }
    }
  }

  clear() {
    this.evictions++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string, entry: Entry) {
    this.entries.delete(tokenHash);
    const userId = entry.session.user.userId;
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
