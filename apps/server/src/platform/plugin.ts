import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { accessPlugin } from './access';
import { EventBus } from './bus';
import { DeviceHolds } from './device-holds';
import { JobQueue } from './jobs';
import { Mailer } from './mail';
import { OwnerFiles } from './owner-files';
import { PermissionMatrix } from './permissions';
import { repliesPlugin } from './replies';
import { SessionStore } from './session';
import { SessionCache } from './session-cache';
import { createStorage, type Storage } from './storage';
import { type TeamContent, type TeamDevices, TeamList } from './team-lists';
import { tenancyPlugin } from './tenancy';
import { type UseRegistries, useRegistries } from './uses';
import { WorkspaceBlockers } from './workspace-blockers';
import { WorkspaceTrees } from './workspace-trees';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    sessions: SessionStore;
    matrix: PermissionMatrix;
    /** Each company's workspace tree, for tenant scopes (evicted on every change). */
    workspaceTrees: WorkspaceTrees;
    /** Events to and from every server instance (LISTEN/NOTIFY). */
    bus: EventBus;
    jobs: JobQueue;
    mail: Mailer;
    /** Every file kept outside the database: DATA_DIR or the object store of STORAGE_URL. */
    storage: Storage;
    /** What uses each kind of item, filled in by the areas that use them. */
    uses: UseRegistries;
    /** What keeps a workspace from being deleted, filled in by the areas that hold rows in one. */
    workspaceBlockers: WorkspaceBlockers;
    /** The stored files an owner's rows keep, to remove when the owner is deleted. */
    ownerFiles: OwnerFiles;
    /** What keeps a screen from being deleted or moved to another workspace (video walls). */
    deviceHolds: DeviceHolds;
    /** The devices listed on the team pages, filled in by the device area. */
    teamDevices: TeamDevices;
    /** The content listed on the team pages, filled in by the content area. */
    teamContent: TeamContent;
  }
}

export type PlatformOptions = { config: Config; database: Database };

/**
 * What every module stands on (plugin name 'platform', so a module can depend on it): the shared
 * services as decorations, then the envelope and errors, who may call what, and in which tenant.
 * Jobs are stopped by app.ts after the modules, whose own preClose hooks must run first.
 */
export const platformPlugin = fp<PlatformOptions>(
  async (app, { config, database }) => {
    const bus = new EventBus(database, app.log);
    const sessions = new SessionStore(database.db, { cache: new SessionCache(), log: app.log });
    const matrix = new PermissionMatrix(database.db, app.log);
    const workspaceTrees = new WorkspaceTrees(database.db);
    sessions.follow(bus);
    matrix.follow(bus);
    workspaceTrees.follow(bus);
    const jobs = new JobQueue(database.db, app.log);
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('database', database);
    app.decorate('bus', bus);
    app.decorate('sessions', sessions);
    app.decorate('matrix', matrix);
    app.decorate('workspaceTrees', workspaceTrees);
    app.decorate('jobs', jobs);
    app.decorate('mail', new Mailer(app));
    const storage = createStorage(config);
    app.decorate('storage', storage);
    app.decorate('uses', useRegistries());
    app.decorate('workspaceBlockers', new WorkspaceBlockers());
    app.decorate('deviceHolds', new DeviceHolds());
    app.decorate('ownerFiles', new OwnerFiles());
    const teamDevices: TeamDevices = new TeamList('device');
    const teamContent: TeamContent = new TeamList('content');
    app.decorate('teamDevices', teamDevices);
    app.decorate('teamContent', teamContent);
    // Before the modules' own onReady hooks: they may follow the bus.
    app.addHook('onReady', async () => {
      await bus.start();
      // Queued and recurring jobs run only where RUN_JOBS allows.
      if (config.runJobs) jobs.start();
    });
    app.addHook('onClose', async () => {
      await bus.close();
      await sessions.drain();
      await storage.close();
    });

    await app.register(repliesPlugin);
    await app.register(accessPlugin, { sessions, matrix });
    await app.register(tenancyPlugin);
  },
  { name: 'platform' },
);
