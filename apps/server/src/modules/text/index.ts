import fp from 'fastify-plugin';
import { contentTexts } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { textRoutes } from './text-routes';
import { textsUsingFonts } from './texts';

/** Text messages: the marquees of each workspace (/manager/text). */
export const textModule = fp(
  async (app) => {
    app.uses.font.register('text', textsUsingFonts);
    // Text messages are content to the user: a workspace holding some is not deleted.
    app.workspaceBlockers.register('content', 'text', holdsRows(contentTexts, contentTexts.workspaceId));
    await app.register(textRoutes, { prefix: '/backend/manager' });
  },
  { name: 'text', dependencies: ['media', 'content', 'font'] },
);
