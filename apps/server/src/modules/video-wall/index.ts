import fp from 'fastify-plugin';
import { videoWallContents, videoWalls } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { videoWallRoutes } from './routes';
import { wallContentUses, wallsInUse } from './wall-contents';
import { wallsHolding } from './walls';

/** Video walls: grids of a workspace's screens, and the content laid out across them (content type 7). */
export const videoWallModule = fp(
  async (app) => {
    // Spec 001 §4: a screen in a wall is neither deleted nor moved to another workspace before the wall goes.
    app.deviceHolds.register('video-wall', {
      find: wallsHolding,
      deleteMessage: 'videoWall.deviceDelete',
      moveMessage: 'videoWall.deviceMove',
    });
    app.uses.videoWall.register('videoWallContent', wallsInUse);
    app.uses.content.register('videoWallContent', wallContentUses(app, 'contentId'));
    app.uses.playlist.register('videoWallContent', wallContentUses(app, 'playlistId'));
    // Walls are devices to the user, wall content is content: a workspace holding either is not deleted.
    app.workspaceBlockers.register('devices', 'video-wall', holdsRows(videoWalls, videoWalls.workspaceId));
    app.workspaceBlockers.register(
      'content',
      'video-wall',
      holdsRows(videoWallContents, videoWallContents.workspaceId),
    );
    await app.register(videoWallRoutes, { prefix: '/backend/manager' });
  },
  { name: 'video-wall', dependencies: ['team', 'content', 'media', 'playlist', 'device'] },
);

/** What a video-wall schedule plays, and where. */
export { scheduledWallContent } from './wall-contents';
/** What the player's manifest says of a screen's place in its wall, and the wall's measures. */
export { screenOf, wallCellsOf } from './walls';
