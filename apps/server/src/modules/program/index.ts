import fp from 'fastify-plugin';
import { failOverduePushes } from './push-status';
import { programRoutes } from './routes';
import { registerEmptyMails } from './schedule-empty';

/** How often pushes still pending past PUSH_TIMEOUT_MS are marked failed. */
const OVERDUE_SWEEP_MS = 5_000;

/** Programs: what playlists, compositions and schedules play (previews, manifests, pushes), and the schedule-empty mails. */
export const programModule = fp(
  async (app) => {
    app.jobs.every('overdue-push-sweep', OVERDUE_SWEEP_MS, () => failOverduePushes(app.db));
    registerEmptyMails(app);
    await app.register(programRoutes, { prefix: '/backend/manager' });
  },
  {
    name: 'program',
    dependencies: ['account', 'media', 'font', 'device', 'rule', 'video-wall', 'schedule', 'sensor'],
  },
);

export { ManifestCache } from './manifest';
export { PushConfirmations } from './push-status';
