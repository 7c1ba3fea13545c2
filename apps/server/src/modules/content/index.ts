import fp from 'fastify-plugin';
import { contents } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { purgeExpiredBin } from './library';
import { libraryRoutes } from './library-routes';
import { teamContentList } from './team-content';

/** How often the recycle bin is swept for items older than BIN_DAYS. */
const BIN_SWEEP_MS = 60 * 60 * 1000;

/** Content: the library of files and links (/manager/resource), its folders and its recycle bin. */
export const contentModule = fp(
  async (app) => {
    // A workspace holding content, in the library or the bin, is not deleted.
    app.workspaceBlockers.register('content', 'content', holdsRows(contents, contents.workspaceId));
    app.teamContent.register(teamContentList);
    app.jobs.every('recycle-bin-sweep', BIN_SWEEP_MS, () => purgeExpiredBin(app));
    await app.register(libraryRoutes, { prefix: '/backend/manager' });
  },
  { name: 'content', dependencies: ['setting', 'team', 'media'] },
);

export { pendingContentCount } from './approval';
export { approvalOfNew, assertApproved, mayApprove } from './approval-rules';
export { activeWorkspace, defaultFolderId, visibleFolder } from './folders';
export { BIN_DAYS, contentDetail, lockedItems, purgeExpiredBin } from './library';
