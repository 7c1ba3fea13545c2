import fp from 'fastify-plugin';
import { sensors } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { sensorReadRoutes, sensorRoutes } from './routes';

/**
 * Sensors: the tags, buttons and detectors each workspace keeps, the screens that listen to them,
 * and the reads of networked sensors relayed to those screens.
 */
export const sensorModule = fp(
  async (app) => {
    // Sensors belong with the screens to the user: a workspace holding some is not deleted.
    app.workspaceBlockers.register('devices', 'sensor', holdsRows(sensors, sensors.workspaceId));
    await app.register(sensorRoutes, { prefix: '/backend/manager' });
    await app.register(sensorReadRoutes, { prefix: '/backend' });
  },
  { name: 'sensor', dependencies: ['content', 'device'] },
);
export {
  assertSensorsInScope,
  scheduleSensorList,
  sensorIdsByDevice,
  sensorIdsBySchedule,
  storeScheduleSensors,
} from './triggers';
