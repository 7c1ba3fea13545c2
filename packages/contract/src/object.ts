import { z } from 'zod';
import { noDataSchema, operation } from './operation';
import { brandImageProblem } from './setting';
import { bodyIdSchema, nameSchema } from './validation';

// Stored objects (spec 000 §7 /manager/resource/object): the small images the platform keeps for
// an owner (the system, a customer or a company) in media storage: brand logos and icons, sensor-type
// icons. Each is served from its URL; deleting one removes its file once nothing else uses the bytes.

export const STORED_OBJECT_KINDS = ['brand-logo', 'brand-icon', 'sensor-icon'] as const;
export type StoredObjectKind = (typeof STORED_OBJECT_KINDS)[number];

export const objectDeleteRequestSchema = z.object({ id: bodyIdSchema });
export type ObjectDeleteRequest = z.input<typeof objectDeleteRequestSchema>;

/** An uploaded image: a data URL of a PNG, JPEG, WebP or ICO image of at most 256 KiB, checked by its bytes. */
export const objectImageSchema = z
  .string({ error: 'validation.objectImage.format' })
  .superRefine((value, ctx) => {
    const problem = value.startsWith('data:') ? brandImageProblem(value) : 'format';
    if (problem) ctx.addIssue({ code: 'custom', message: `validation.objectImage.${problem}` });
  });

/** The icon of a sensor type (the automation's sensors), one per company and type. */
export const sensorIconRequestSchema = z.object({ type: nameSchema, image: objectImageSchema });
export type SensorIconRequest = z.input<typeof sensorIconRequestSchema>;
export const sensorIconDeleteRequestSchema = z.object({ type: nameSchema });
export type SensorIconDeleteRequest = z.input<typeof sensorIconDeleteRequestSchema>;

export const sensorIconSchema = z.object({
  /** The stored object's id. */
  id: z.number(),
  type: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type SensorIcon = z.infer<typeof sensorIconSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────

/**
 * Deleting a stored object the caller owns. The route lets in holders of either key; the server
 * then asks for the one fitting the object's kind (brand images setting:sys:customer-logo, sensor
 * icons device:sensor:del).
 */
export const objectOperations = {
  delete: operation({
    method: 'DELETE',
    path: '/backend/manager/resource/object/delete',
    body: objectDeleteRequestSchema,
    response: noDataSchema,
    access: ['setting:sys:customer-logo', 'device:sensor:del'],
  }),
};

const ICON = '/backend/manager/iot-device/icon';

/** Sensor-type icons of the caller's company: listing needs device:sensor:list, setting one device:sensor:add, removing one device:sensor:del. */
export const sensorIconOperations = {
  list: operation({
    method: 'GET',
    path: ICON,
    response: z.array(sensorIconSchema),
    access: 'device:sensor:list',
  }),
  save: operation({
    method: 'POST',
    path: ICON,
    body: sensorIconRequestSchema,
    response: sensorIconSchema,
    access: 'device:sensor:add',
  }),
  delete: operation({
    method: 'DELETE',
    path: ICON,
    body: sensorIconDeleteRequestSchema,
    response: noDataSchema,
    access: 'device:sensor:del',
  }),
};
