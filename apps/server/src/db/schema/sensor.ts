import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './device';
import { schedules } from './schedule';
import { workspaceOwned } from './tenancy';

// Sensors (modules/sensor): smart NFC and RFID tags, buttons, motion detectors, kept per workspace.
// The sensor ID (the tag's id as readers report it, normalized) is unique per company.
export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    sensorId: varchar('sensor_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** A SensorType of the contract. */
    type: varchar('type', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensors_company_sensor_id_idx').on(t.companyId, t.sensorId),
    index('sensors_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * The screens that listen to a sensor. A link counts only while its screen is in the sensor's
 * company (an unpaired or moved screen's link is never read), and goes with either row.
 */
export const sensorDevices = pgTable(
  'sensor_devices',
  {
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.deviceId] }),
    index('sensor_devices_device_idx').on(t.deviceId),
  ],
);

/** The tags of a sensor schedule: a read of one interrupts the schedule's screens (modules/schedule). */
export const scheduleSensors = pgTable(
  'schedule_sensors',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.sensorId] }),
    index('schedule_sensors_sensor_idx').on(t.sensorId),
  ],
);
