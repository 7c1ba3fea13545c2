import type { ListResult, TeamContentItem, TeamDeviceItem } from '@vitrine/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { TenantScope } from './tenancy';

// The team pages list what a workspace, a company or a customer holds (its devices, its content),
// but devices and content sit above team in the module order: each of those areas fills in its
// list from its plugin (decorations `app.teamDevices`, `app.teamContent`), so team never imports them.

export type TeamListQuery = { page: number; page_size: number; sort?: string; keyword?: string };

/** One page of what the caller sees that matches the condition. */
export type TeamLister<Item, Condition> = (
  db: Db,
  scope: TenantScope,
  condition: Condition,
  query: TeamListQuery,
) => Promise<ListResult<Item>>;

/** Whose content: a workspace's or a whole company's. */
export type ContentHolder = { workspaceId: number } | { companyId: number };

export class TeamList<Item, Condition> {
  #lister: TeamLister<Item, Condition> | undefined;

  /** @param what the area expected to fill it in, for the error when none did */
  constructor(private readonly what: string) {}

  register(lister: TeamLister<Item, Condition>) {
    this.#lister = lister;
  }

  list(...args: Parameters<TeamLister<Item, Condition>>): Promise<ListResult<Item>> {
    if (!this.#lister) throw new Error(`No module registered the team ${this.what} lists`);
    return this.#lister(...args);
  }
}

/** Claimed devices, by a condition over the devices table. */
export type TeamDevices = TeamList<TeamDeviceItem, SQL>;
/** Content in the library (not the recycle bin). */
export type TeamContent = TeamList<TeamContentItem, ContentHolder>;
