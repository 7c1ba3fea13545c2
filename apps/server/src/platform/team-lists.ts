import type { CappedListResult, ListResult, TeamContentItem, TeamDeviceItem } from '@vitrine/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { TenantScope } from './tenancy';

// The team pages list what a workspace, a company or a customer holds (its devices, its content),
// but devices and content sit above team in the module order: each of those areas fills in its
// list from its plugin (decorations `app.teamDevices`, `app.teamContent`), so team never imports them.

export type TeamListQuery = { page: number; page_size: number; sort?: string; keyword?: string };

/** One page of what the caller sees that matches the condition. */
export type TeamLister<Condition, Result> = (
  db: Db,
  scope: TenantScope,
  condition: Condition,
  query: TeamListQuery,
) => Promise<Result>;

/** Whose content: a workspace's or a whole company's. */
export type ContentHolder = { workspaceId: number } | { companyId: number };

export class TeamList<Condition, Result> {
  #lister: TeamLister<Condition, Result> | undefined;

  /** @param what the area expected to fill it in, for the error when none did */
  constructor(private readonly what: string) {}

  register(lister: TeamLister<Condition, Result>) {
    this.#lister = lister;
  }

  list(...args: Parameters<TeamLister<Condition, Result>>): Promise<Result> {
    if (!this.#lister) throw new Error(`No module registered the team ${this.what} lists`);
    return this.#lister(...args);
  }
}

/** Claimed devices, by a condition over the devices table, counted up to LIST_TOTAL_CAP. */
export type TeamDevices = TeamList<SQL, CappedListResult<TeamDeviceItem>>;
/** Content in the library (not the recycle bin). */
export type TeamContent = TeamList<ContentHolder, ListResult<TeamContentItem>>;
