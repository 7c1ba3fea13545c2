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
// The sensor ID (the tag's id as readers report it, normalized) is unique per company. A networked
// sensor calls the server with a secret of its own, kept as its SHA-256 (docs/device-features.md).
export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    sensorId: varchar('sensor_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** A SensorType of the contract. */
    type: varchar('type', { length: 16 }).notNull(),
    /** The SHA-256 of the secret a networked sensor calls POST /backend/sensor/read with; null: none. */
    secretHash: varchar('secret_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensors_company_sensor_id_idx').on(t.companyId, t.sensorId),
    index('sensors_workspace_idx').on(t.workspaceId),
    uniqueIndex('sensors_secret_hash_idx').on(t.secretHash),
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
