import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { workspaces } from '../db/schema';
import { type EventBus, publish } from './bus';

export type WorkspaceLink = { id: number; parentId: number | null };

/** Ids of the workspace and every workspace above it. */
export function workspaceAndAncestors(links: readonly WorkspaceLink[], id: number) {
  const parents = new Map(links.map((link) => [link.id, link.parentId]));
  const chain: number[] = [];
  for (let at: number | null | undefined = id; at != null && !chain.includes(at); at = parents.get(at)) {
    chain.push(at);
  }
  return chain;
}

type Entry = { links: readonly WorkspaceLink[]; loadedAt: number };

/**
 * Each company's workspace tree, which every call of an owner, user admin or user needs for its
 * tenant scope: read once, not on every call. Bounded and short-lived like the session cache; a
 * change to a company's workspaces evicts it here at once and on every instance at commit.
 */
export class WorkspaceTrees {
  private readonly entries = new Map<number, Entry>(); // Map order: least recently used first
  private evictions = 0;

  constructor(
    private readonly db: Db,
    readonly maxEntries = 10_000,
    readonly ttlMs = 10_000,
  ) {}

  /** The tree when it is at hand, without waiting. */
  cached(companyId: number, now = Date.now()): readonly WorkspaceLink[] | undefined {
    const entry = this.entries.get(companyId);
    if (!entry) return undefined;
    this.entries.delete(companyId);
    if (now - entry.loadedAt > this.ttlMs) return undefined;
    this.entries.set(companyId, entry); // re-inserted: now the most recently used
    return entry.links;
  }

  async of(companyId: number): Promise<readonly WorkspaceLink[]> {
    const hit = this.cached(companyId);
    if (hit) return hit;
    const mark = this.evictions;
    const links = await this.db
      .select({ id: workspaces.id, parentId: workspaces.parentId })
      .from(workspaces)
      .where(eq(workspaces.companyId, companyId));
    // An eviction since the read began may concern this company: what was read may be stale.
    if (mark === this.evictions) {
      this.entries.set(companyId, { links, loadedAt: Date.now() });
      if (this.entries.size > this.maxEntries)
        this.entries.delete(this.entries.keys().next().value as number);
    }
    return links;
  }

  /**
   * After a change to a company's workspaces, made in `tx` (or already committed): forgotten
   * here now, and on every instance, this one included, when the change commits.
   */
  async changed(tx: Db, companyId: number) {
    this.forget(companyId);
    await publish(tx, { type: 'workspaces-changed', companyId });
  }

  forget(companyId: number) {
    this.evictions++;
    this.entries.delete(companyId);
  }

  clear() {
    this.evictions++;
    this.entries.clear();
  }

  /** Evicts what any instance announces; everything after the bus may have missed events. */
  follow(bus: EventBus) {
    bus.on((event) => {
      if (event.type === 'workspaces-changed') this.forget(event.companyId);
    });
    bus.onReconnect(() => this.clear());
  }
}
