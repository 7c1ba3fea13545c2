import fp from 'fastify-plugin';
import { rules } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { registerRuleFiring } from './firing';
import { ruleRoutes } from './routes';

/** Control rules: "when <trigger> then <actions>" on a workspace's screens, and their firings (/manager/rule). */
export const ruleModule = fp(
  async (app) => {
    // Device events (offline, online, content error) fire rules through the job table.
    registerRuleFiring(app);
    // Rules are device settings to the user: a workspace holding some is not deleted.
    app.workspaceBlockers.register('devices', 'rule', holdsRows(rules, rules.workspaceId));
    await app.register(ruleRoutes, { prefix: '/backend/manager' });
  },
  { name: 'rule', dependencies: ['account', 'team', 'content', 'device', 'sensor'] },
);

/** What the player's calls use: the rules a screen fires itself (its manifest) and its reports of them. */
export { recordScreenFirings } from './firing';
export { screenRulesByDevice } from './rules';
