import fp from 'fastify-plugin';
import { presets } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { applyOnPairing } from './apply';
import { presetUses } from './presets';
import { presetRoutes } from './routes';

/** Device presets: named sets of device properties per workspace, applied to screens (/manager/preset). */
export const presetModule = fp(
  async (app) => {
    // A screen paired into a workspace gets its auto-apply presets, in the claim's transaction.
    app.deviceClaims.register(async (tx, claim) => {
      await applyOnPairing(app, tx, claim);
      return {};
    });
    // A preset's default content is a use of its playlist or composition.
    app.uses.playlist.register('preset', presetUses('playlist'));
    app.uses.composition.register('preset', presetUses('composition'));
    // Presets are device settings to the user: a workspace holding some is not deleted.
    app.workspaceBlockers.register('devices', 'preset', holdsRows(presets, presets.workspaceId));
    await app.register(presetRoutes, { prefix: '/backend/manager' });
  },
  { name: 'preset', dependencies: ['content', 'device-model', 'device'] },
);

/** Applies device properties to screens the caller has checked, in its transaction (control rules use it too). */
export { type Applied, type ApplyTarget, applyProperties, applyTargetColumns } from './apply';
