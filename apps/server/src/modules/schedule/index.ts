import fp from 'fastify-plugin';
import { registerPublication } from './publish';
import { holidayRoutes, scheduleRoutes } from './routes';
import { registerScheduleUses } from './schedules';

/** Schedules: what screens play when, their approval and publication, and the holidays they skip. */
export const scheduleModule = fp(
  async (app) => {
    registerScheduleUses(app);
    registerPublication(app);
    await app.register(scheduleRoutes, { prefix: '/backend/manager' });
    await app.register(holidayRoutes, { prefix: '/backend/manager' });
  },
  { name: 'schedule', dependencies: ['content', 'license', 'media', 'sensor', 'setting', 'video-wall'] },
);

export { publishSchedule, retractSchedule, STORAGE_REFUSED } from './publish';
export { scheduleOwner } from './schedules';
