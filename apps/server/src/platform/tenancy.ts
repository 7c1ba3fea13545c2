import { isId, type Permission, ResultCode, Role } from '@vitrine/contract';
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { companies, workspaces } from '../db/schema';
import { addRouteOnRequest } from './access';
import { AppError } from './errors';
import type { SessionUser } from './session';
import type { WorkspaceLink, WorkspaceTrees } from './workspace-trees';

// The one place tenant scope is decided (ARCHITECTURE §6). Every query on tenant-owned rows adds
// the caller's filter from here; asking for another tenant's row then matches nothing (404001),
// so existence never leaks.
//
//   platform (system, system operator): everything
//   customer: the companies of its customer, every workspace in them
//   company (owner): its company, every workspace
//   workspace (user admin, user): its company, its own workspace and that workspace's subtree

export type ScopeKind = 'platform' | 'customer' | 'company' | 'workspace' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route works whatever workspace the top bar chose (the tree and the switch itself). */
    ignoreWorkspaceHeader?: boolean;
  }
  interface FastifyRequest {
    /** The caller's tenant scope; set on every route that is not public. */
    scope: TenantScope;
  }
}

const nothing = () => sql`false`;

/** Ids of a workspace and everything below it. */
export function subtreeOf(links: readonly WorkspaceLink[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const link of links) {
    if (link.parentId === null) continue;
    children.set(link.parentId, [...(children.get(link.parentId) ?? []), link.id]);
  }
  if (!links.some((link) => link.id === rootId)) return [];
  const found: number[] = [];
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.shift() as number;
    if (found.includes(id)) continue; // a damaged tree must not loop
    found.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}

/** Who calls, as the services need it: their tenant scope and the permissions they hold (a request is one). */
export type Caller = { scope: TenantScope; permissions: readonly Permission[] };

export class TenantScope {
  private constructor(
    private readonly db: Db,
    readonly kind: ScopeKind,
    readonly user: SessionUser,
    /** The customer a customer-role caller runs. */
    readonly customerId: number | null,
    /** The company of an owner, user admin or user. */
    readonly companyId: number | null,
    /** Every workspace of that company (tenant roles only). */
    readonly companyWorkspaces: readonly WorkspaceLink[],
    /** The workspaces the caller may use (tenant roles only). */
    readonly workspaceIds: readonly number[],
    /** The workspace new rows go to: the Workspace-Id header, the saved choice, or the caller's own. */
    public activeWorkspaceId: number | null,
  ) {}

  /** The caller's scope: at once where no workspace tree is needed or it is cached, else after reading it. */
  static of(db: Db, user: SessionUser, trees: WorkspaceTrees): TenantScope | Promise<TenantScope> {
    const role = user.roleId;
    if (role === Role.system || role === Role.systemOperator) {
      return new TenantScope(db, 'platform', user, null, null, [], [], null);
    }
    if (role === Role.customer) {
      return new TenantScope(
        db,
        user.customerId ? 'customer' : 'none',
        user,
        user.customerId,
        null,
        [],
        [],
        null,
      );
    }
    const tenantRole = role === Role.owner || role === Role.userAdmin || role === Role.user;
    if (!tenantRole || user.companyId === null) {
      return new TenantScope(db, 'none', user, null, null, [], [], null);
    }
    const companyId = user.companyId;
    const links = trees.cached(companyId);
    if (links) return TenantScope.ofTenant(db, user, companyId, links);
    return trees.of(companyId).then((read) => TenantScope.ofTenant(db, user, companyId, read));
  }

  private static ofTenant(db: Db, user: SessionUser, companyId: number, links: readonly WorkspaceLink[]) {
    const kind = user.roleId === Role.owner ? 'company' : 'workspace';
    const usable =
      kind === 'company'
        ? links.map((link) => link.id)
        : user.workspaceId === null
          ? []
          : subtreeOf(links, user.workspaceId);
    const saved = [user.activeWorkspaceId, user.workspaceId].find((id) => id !== null && usable.includes(id));
    return new TenantScope(db, kind, user, null, companyId, links, usable, saved ?? usable[0] ?? null);
  }

  get isPlatform() {
    return this.kind === 'platform';
  }

  /** Ids of the customer's companies, as a subquery. */
  private customerCompanies() {
    return this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.customerId, this.customerId as number));
  }

  /** Rows of customers: the platform sees all, a customer only itself. */
  customerFilter(column: Column): SQL | undefined {
    if (this.kind === 'platform') return undefined;
    if (this.kind === 'customer') return eq(column, this.customerId as number);
    return nothing();
  }

  /** Rows that carry a company id (or the companies table's own id). */
  companyFilter(column: Column): SQL | undefined {
    switch (this.kind) {
      case 'platform':
        return undefined;
      case 'customer':
        return inArray(column, this.customerCompanies());
      case 'company':
      case 'workspace':
        return eq(column, this.companyId as number);
      default:
        return nothing();
    }
  }

  /** Rows that carry a workspace id. */
  workspaceFilter(column: Column): SQL | undefined {
    switch (this.kind) {
      case 'platform':
        return undefined;
      case 'customer':
        return inArray(
          column,
          this.db
            .select({ id: workspaces.id })
            .from(workspaces)
            .where(inArray(workspaces.companyId, this.customerCompanies())),
        );
      case 'company':
      case 'workspace':
        return inArray(column, [...this.workspaceIds]);
      default:
        return nothing();
    }
  }

  /** Rows that carry both: the company decides, and inside it the caller's workspaces. */
  rowFilter(columns: { companyId: Column; workspaceId: Column }): SQL | undefined {
    if (this.kind === 'workspace') {
      return and(this.companyFilter(columns.companyId), this.workspaceFilter(columns.workspaceId));
    }
    return this.companyFilter(columns.companyId);
  }

  /** Pass the transaction when inside one: PGlite has one connection, a query outside it waits forever. */
  async canUseCompany(companyId: number, db: Db = this.db): Promise<boolean> {
    if (this.kind === 'company' || this.kind === 'workspace') return companyId === this.companyId;
    if (this.kind === 'none' || !isId(companyId)) return false; // beyond 32 bits: no such row
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), this.companyFilter(companies.id)))
      .limit(1);
    return row !== undefined;
  }

  async canUseWorkspace(workspaceId: number, db: Db = this.db): Promise<boolean> {
    if (this.kind === 'company' || this.kind === 'workspace') return this.workspaceIds.includes(workspaceId);
    if (this.kind === 'none' || !isId(workspaceId)) return false; // beyond 32 bits: no such row
    const [row] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.id, workspaceId), this.companyFilter(workspaces.companyId)))
      .limit(1);
    return row !== undefined;
  }
}

/** Sets request.scope once known and makes the chosen workspace (if any) the active one. */
async function settle(
  request: FastifyRequest,
  pending: TenantScope | Promise<TenantScope>,
  chosen: number | null,
) {
  const scope = await pending;
  request.scope = scope;
  if (chosen === null) return;
  if (!(await scope.canUseWorkspace(chosen))) throw new AppError(ResultCode.workspaceForbidden);
  scope.activeWorkspaceId = chosen;
}

/**
 * Sets request.scope after authentication and checks the Workspace-Id header: a workspace the
 * caller may not use is refused with 403002. Registered after the access plugin, so its
 * onRequest hook runs once the user is known.
 */
export const tenancyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('scope', null as unknown as TenantScope);
    // Callback style, so that the common case (no tree to read, no Workspace-Id to check) costs
    // no promise: this runs on every authenticated call. On each route, after the access
    // plugin's hook: that plugin's onRoute hook runs first.
    app.addHook('onRoute', (route) => {
      addRouteOnRequest(route, (request, _reply, done) => {
        if (!request.user) return done(); // a public route
        const scope = TenantScope.of(app.db, request.user, app.workspaceTrees);
        const chosen = route.config?.ignoreWorkspaceHeader ? null : request.workspaceId;
        if (scope instanceof TenantScope && chosen === null) {
          request.scope = scope;
          return done();
        }
        settle(request, scope, chosen).then(() => done(), done);
      });
    });
  },
  { name: 'tenancy', dependencies: ['access'] },
);
