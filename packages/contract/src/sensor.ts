import { z } from 'zod';
import { contentDeleteRequestSchema } from './content';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { MAX_SENSOR_ID_LENGTH, normalizeSensorId, SENSOR_ID_PATTERN } from './sensor-read';
import { bodyIdSchema, listQuerySchema, listResultSchema, nameSchema, required } from './validation';

// Sensors (/backend/manager/iot-device, the /device/sensors page): smart NFC and RFID tags,
// buttons, motion detectors … that make screens react. Kept per workspace; the sensor ID is the
// tag's id as readers report it, unique per company ("The sensor ID already exists"). Each sensor
// names the screens that listen to it; a player learns their sensor IDs from its manifest and
// decides on a read by itself (docs/device-features.md "Sensors").

/** The kinds of sensors; each may have the company's own icon (POST /manager/iot-device/icon, by type). */
export const SENSOR_TYPES = ['nfc', 'rfid', 'button', 'motion'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

export const sensorIdSchema = z
  .string(required('sensor.id.required'))
  .transform(normalizeSensorId)
  .pipe(
    z
      .string()
      .min(1, 'sensor.id.required')
      .max(MAX_SENSOR_ID_LENGTH, 'sensor.id.max')
      .regex(SENSOR_ID_PATTERN, 'sensor.id.format'),
  );

/** At most this many screens listen to one sensor. */
export const MAX_SENSOR_DEVICES = 200;

export const sensorSaveRequestSchema = z.object({
  sensor_id: sensorIdSchema,
  name: nameSchema,
  type: z.enum(SENSOR_TYPES, { error: 'sensor.type' }),
  /** The screens that listen (claimed, in the caller's scope); may be none. */
  device_ids: z.array(bodyIdSchema).max(MAX_SENSOR_DEVICES, 'sensor.devices.max').default([]),
});
export type SensorSaveRequest = z.input<typeof sensorSaveRequestSchema>;

export const sensorDeviceSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  signage_id: z.string(),
});
export type SensorDevice = z.infer<typeof sensorDeviceSchema>;

export const sensorItemSchema = z.object({
  id: z.number(),
  sensor_id: z.string(),
  name: z.string(),
  type: z.enum(SENSOR_TYPES),
  workspace_id: z.number(),
  devices: z.array(sensorDeviceSchema),
  /** Whether it has a secret for POST /backend/sensor/read (the secret itself is shown once, when made). */
  has_secret: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SensorItem = z.infer<typeof sensorItemSchema>;

export const SENSOR_SORT_COLUMNS = ['name', 'sensor_id', 'type', 'created_at'] as const;
export const sensorListQuerySchema = listQuerySchema(SENSOR_SORT_COLUMNS).extend({
  type: z.enum(SENSOR_TYPES, { error: 'sensor.type' }).optional(),
});
export type SensorListQuery = z.input<typeof sensorListQuerySchema>;
export const sensorListSchema = listResultSchema(sensorItemSchema);

/** A sensor's new secret: in this answer only (the server keeps its SHA-256). */
export const sensorSecretSchema = z.object({ secret: z.string() });
export type SensorSecret = z.infer<typeof sensorSecretSchema>;

/**
 * POST /backend/sensor/read, a networked sensor's read (its secret as Bearer): the sensor ID of the
 * sensor that secret was made for. Relayed to the screens that listen to it, which take it as a tap.
 */
export const sensorReadRequestSchema = z.object({ sensor_id: sensorIdSchema });
export type SensorReadRequest = z.input<typeof sensorReadRequestSchema>;
/** How many screens listen to the sensor (those connected now get the read). */
export const sensorReadResultSchema = z.object({ screens: z.number() });

// ── Operations ───────────────────────────────────────────────────────────────────────────────

const SENSOR = '/backend/manager/iot-device';

/** Sensors (spec 000 §2 /device/sensors): each call needs its own device:sensor:* key. */
export const sensorOperations = {
  list: operation({
    method: 'GET',
    path: SENSOR,
    query: sensorListQuerySchema,
    response: sensorListSchema,
    access: 'device:sensor:list',
  }),
  create: operation({
    method: 'POST',
    path: SENSOR,
    body: sensorSaveRequestSchema,
    response: sensorItemSchema,
    access: 'device:sensor:add',
  }),
  detail: operation({
    method: 'GET',
    path: `${SENSOR}/:id`,
    params: idParamsSchema,
    response: sensorItemSchema,
    access: 'device:sensor:info',
  }),
  update: operation({
    method: 'PUT',
    path: `${SENSOR}/:id`,
    params: idParamsSchema,
    body: sensorSaveRequestSchema,
    response: sensorItemSchema,
    access: 'device:sensor:edit',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: SENSOR,
    body: contentDeleteRequestSchema,
    response: noDataSchema,
    access: 'device:sensor:del',
  }),
  /** A new secret for a networked sensor (one it had stops working at once). */
  makeSecret: operation({
    method: 'POST',
    path: `${SENSOR}/:id/secret`,
    params: idParamsSchema,
    response: sensorSecretSchema,
    access: 'device:sensor:edit',
  }),
  /** The sensor's secret goes: its HTTP reads are refused from then on. */
  removeSecret: operation({
    method: 'DELETE',
    path: `${SENSOR}/:id/secret`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'device:sensor:edit',
  }),
};

/** A networked sensor's own call: public, since a sensor has no user; its secret as Bearer says which it is. */
export const sensorReadOperation = operation({
  method: 'POST',
  path: '/backend/sensor/read',
  body: sensorReadRequestSchema,
  response: sensorReadResultSchema,
  access: 'public',
});
