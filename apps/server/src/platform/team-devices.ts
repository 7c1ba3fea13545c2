import type { ListResult, TeamDeviceItem } from '@vitrine/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { TenantScope } from './tenancy';

// The team pages list the devices of a workspace, a company or a customer, but devices sit above
// team in the module order: the device module fills this in from its plugin (decoration
// `app.teamDevices`), so team never imports it.

export type TeamDeviceQuery = { page: number; page_size: number; sort?: string; keyword?: string };

/** One page of the claimed devices the caller sees that match the condition (over the devices table). */
export type TeamDeviceLister = (
  db: Db,
  scope: TenantScope,
  condition: SQL,
  query: TeamDeviceQuery,
) => Promise<ListResult<TeamDeviceItem>>;

export class TeamDevices {
  #lister: TeamDeviceLister | undefined;

  register(lister: TeamDeviceLister) {
    this.#lister = lister;
  }

  list(...args: Parameters<TeamDeviceLister>): ReturnType<TeamDeviceLister> {
    if (!this.#lister) throw new Error('No module registered the team device lists');
    return this.#lister(...args);
  }
}
